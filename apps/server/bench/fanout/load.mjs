// One load process of the fan-out benches (fanout.bench.ts, cluster.bench.ts, scale.bench.ts):
// opens `count` viewers from one loopback source address or several, taken in turn (Socket.IO
// viewers that join the game, or plain `ws` clients), then records every message's seq and its
// latency from the server's event time, and every chat message's delivery. On `storm`, its
// Socket.IO viewers drop their connections (spread over `seconds`, or all at once) and come back
// as the web app does (apps/web/src/lib/live-game/use-live-game.ts). Plain JavaScript: no compile
// step, and its CPU is not the server's. Talks to the orchestrator over IPC.
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const {
  mode,
  viewer,
  url,
  count,
  localAddress,
  gameUuid,
  concurrency,
  reconnect,
  joinsPerSecond,
  reconnection,
} = JSON.parse(process.argv[2]);
const addresses = [localAddress].flat();
/** As the web app: a join unanswered for this long is asked again after REJOIN_DELAY_MS. */
const JOIN_TIMEOUT_MS = 10_000;
const REJOIN_DELAY_MS = 2_000;
/** As socket.io-client: a connection not open by then is given up and tried again. */
const CONNECT_TIMEOUT_MS = 20_000;
const WEBSOCKET_OPEN = 1;

/** Per client: the last seq seen, gaps seen, the last chat seq and chat gaps. */
const clients = [];
/** Per ball seq: at (server time), the receipts' latencies, the first and the last receipt. */
const perSeq = new Map();
/** Chat delivery latency (ms from storing to receipt) -> how many deliveries took that long. */
const chatLatencies = new Map();
let sample = null;
/** The first join's answer (the bare Socket.IO baseline answers its joins with it). */
let joinAnswer = null;
let disconnects = 0;
let recording = true;
/**
 * The storm, once asked for: how many dropped, came back (recovered by Socket.IO or joined again)
 * and caught up, and when the last of them did.
 */
const storm = {
  dropped: 0,
  back: 0,
  lastBackAt: 0,
  recovered: 0,
  rejoined: 0,
  joinRetries: 0,
  /** Connections tried after a drop (socket.io-client tries again after its backoff). */
  reconnects: 0,
  caughtUp: 0,
  lastCaughtUpAt: 0,
};
/** The game's latest seq as the orchestrator last told it (`latest`): what a return must reach. */
let latest = 0;
let chatFrames = 0;
let chatMessages = 0;

const newClient = () => ({
  last: null,
  gaps: 0,
  holes: 0,
  holesSinceStorm: 0,
  skips: 0,
  duplicates: 0,
  chatLast: null,
  chatGaps: 0,
  droppedAt: null,
  catchUpTo: null,
  joined: false,
});

/**
 * An event that follows the client's last seq; anything else is a gap. One already seen is
 * dropped, and counted as a duplicate unless it was expected (a push held back during a join
 * whose missed events also hold it).
 */
function accept(client, message, receivedAt, repeatExpected = false) {
  if (client.last !== null && message.seq <= client.last) {
    if (!repeatExpected) client.duplicates++;
    return true;
  }
  if (client.last !== null && message.seq !== client.last + 1) return false;
  client.last = message.seq;
  caughtUp(client);
  if (!recording || message.event?.type !== 'ball-called' || receivedAt === null) return true;
  if (!sample) sample = message;
  let ball = perSeq.get(message.seq);
  if (!ball) perSeq.set(message.seq, (ball = { at: message.at, latencies: [], first: receivedAt, last: 0 }));
  ball.latencies.push(receivedAt - message.at);
  if (receivedAt > ball.last) ball.last = receivedAt;
  return true;
}

/**
 * A join's answer taken in, as the app does: the missed events (replays, so no latency), a jump to
 * the snapshot when it was too far behind for a replay (the viewer skipped events), then the pushes
 * held back while the join was in flight.
 */
function takeJoin(client, result, heldBack, onEvent) {
  joinAnswer ??= result;
  if (client.last === null) client.last = result.snapshot.seq;
  for (const message of result.missed) if (!accept(client, message, null)) break;
  if (result.snapshot.seq > client.last) {
    client.gaps++;
    client.skips++;
    client.last = result.snapshot.seq;
  }
  for (const [message, receivedAt] of heldBack) onEvent(message, receivedAt, true);
}

/** Back after a drop: caught up once it has the events up to the game's latest seq of now. */
function cameBack(client, recovered) {
  client.droppedAt = null;
  storm.back++;
  storm.lastBackAt = Date.now();
  if (recovered) storm.recovered++;
  else storm.rejoined++;
  client.catchUpTo = latest;
  caughtUp(client);
}

function caughtUp(client) {
  if (client.catchUpTo === null || client.droppedAt !== null || client.last < client.catchUpTo) return;
  client.catchUpTo = null;
  storm.caughtUp++;
  storm.lastCaughtUpAt = Date.now();
  if (storm.caughtUp === storm.dropped) reportStorm();
}

/** Receipts between a drop and catching up are mostly replays, not deliveries: no latency. */
const deliveredAt = (client, receivedAt) =>
  client.droppedAt === null && client.catchUpTo === null ? receivedAt : null;

function receivedChat(client, messages) {
  const now = Date.now();
  chatFrames++;
  chatMessages += messages.length;
  for (const message of messages) {
    if (client.chatLast !== null && message.seq > client.chatLast + 1) client.chatGaps++;
    if (client.chatLast === null || message.seq > client.chatLast) client.chatLast = message.seq;
    if (!recording) continue;
    const latency = now - Date.parse(message.sentAt);
    chatLatencies.set(latency, (chatLatencies.get(latency) ?? 0) + 1);
  }
}

/**
 * A viewer as the web app's live game: joins with its last seq on every (re)connection, holds
 * back pushed events while a join is in flight, takes the join's missed events, and on a hole in
 * the numbering asks again (the replay fills it), counting the hole.
 */
function openSocketIo(localAddress) {
  return new Promise((resolve, reject) => {
    const client = newClient();
    const socket = io(url, {
      transports: ['websocket'],
      auth: { preview: true },
      forceNew: true,
      reconnection: Boolean(reconnect),
      localAddress,
    });
    let joining = false;
    let early = [];
    const onEvent = (message, receivedAt, repeatExpected) => {
      const at = deliveredAt(client, receivedAt);
      if (joining) return early.push([message, at]);
      if (accept(client, message, at, repeatExpected)) return;
      client.gaps++;
      client.holes++;
      if (client.stormed) client.holesSinceStorm++;
      void join();
    };
    const join = async () => {
      if (joining) return;
      joining = true;
      let result;
      try {
        result = await socket.timeout(client.joined ? JOIN_TIMEOUT_MS : 120_000).emitWithAck('game:join', {
          gameUuid,
          lastSeq: client.last,
        });
      } catch {
        result = { ok: false, message: 'timeout' };
      }
      joining = false;
      if (!result.ok) {
        if (!client.joined) return reject(new Error(result.message));
        storm.joinRetries++;
        if (socket.connected) setTimeout(() => void join(), REJOIN_DELAY_MS);
        return;
      }
      const heldBack = early;
      early = [];
      takeJoin(client, result, heldBack, onEvent);
      if (!client.joined) {
        client.joined = true;
        return resolve(client);
      }
      if (client.droppedAt !== null) cameBack(client, socket.recovered);
    };
    client.close = () => socket.close();
    // A network drop: the transport closes, and Socket.IO reconnects by itself as in the app.
    client.drop = () => {
      client.stormed = true;
      client.droppedAt = Date.now();
      socket.io.engine.close();
    };
    socket.on('game:event', (message) => onEvent(message, Date.now()));
    socket.on('chat:messages', (payload) => receivedChat(client, payload.messages));
    socket.on('disconnect', () => disconnects++);
    socket.on('connect_error', (error) => {
      if (!client.joined) reject(error);
    });
    socket.on('connect', () => void join());
  });
}

/**
 * A viewer that speaks Socket.IO's protocol over a bare `ws` socket (`--viewer raw`): the
 * Engine.IO open, the namespace connect with the preview auth, `game:join` with an ack, pings
 * answered; each pushed frame costs one JSON.parse, as a baseline client's does. So the
 * comparison with the plain `ws` server measures the servers, not socket.io-client's own
 * per-message work on the cores they share. With `reconnect` it comes back as socket.io-client
 * and the app do: after the app's backoff (`reconnection`), with the session's pid and the last
 * packet's offset in its connect packet; recovered (the same pid answered) it waits for the
 * replay, otherwise it joins again with its last seq.
 */
function openSocketIoRaw(localAddress) {
  return new Promise((resolve, reject) => {
    const client = { ...newClient(), pid: null, offset: null };
    const socketUrl = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    let socket;
    let nextAck = 0;
    const acks = new Map();
    let joining = false;
    let early = [];
    let attempts = 0;
    let closed = false;
    const onEvent = (message, receivedAt, repeatExpected) => {
      const at = deliveredAt(client, receivedAt);
      if (joining) return early.push([message, at]);
      if (accept(client, message, at, repeatExpected)) return;
      client.gaps++;
      client.holes++;
      if (client.stormed) client.holesSinceStorm++;
      join();
    };
    const join = () => {
      if (joining || socket.readyState !== WEBSOCKET_OPEN) return;
      joining = true;
      const id = nextAck++;
      const current = socket;
      const retry = () => {
        joining = false;
        storm.joinRetries++;
        setTimeout(() => socket === current && join(), REJOIN_DELAY_MS);
      };
      // As the app: a join unanswered for JOIN_TIMEOUT_MS is asked again (not the first one).
      const timer = client.joined ? setTimeout(() => acks.delete(id) && retry(), JOIN_TIMEOUT_MS) : undefined;
      acks.set(id, (result) => {
        clearTimeout(timer);
        joining = false;
        if (!result.ok) return client.joined ? retry() : reject(new Error(result.message));
        const heldBack = early;
        early = [];
        takeJoin(client, result, heldBack, onEvent);
        if (!client.joined) {
          client.joined = true;
          resolve(client);
        } else if (client.droppedAt !== null) cameBack(client, false);
      });
      socket.send(`42${id}${JSON.stringify(['game:join', { gameUuid, lastSeq: client.last }])}`);
    };
    // socket.io-client's backoff: the delay doubles from the first, at most the max, ± the factor.
    const backoff = () => {
      const ms = reconnection.reconnectionDelay * 2 ** attempts++;
      const deviation = Math.floor(Math.random() * reconnection.randomizationFactor * ms);
      return Math.min(
        Math.random() < 0.5 ? ms - deviation : ms + deviation,
        reconnection.reconnectionDelayMax,
      );
    };
    const connect = () => {
      const ws = new WebSocket(socketUrl, { localAddress, perMessageDeflate: false });
      socket = ws;
      const connectTimer = setTimeout(() => ws.terminate(), CONNECT_TIMEOUT_MS);
      ws.on('message', (data) => {
        const frame = data.toString();
        if (frame.startsWith('42[')) {
          const receivedAt = Date.now();
          const [name, payload, offset] = JSON.parse(frame.slice(2));
          // With connection state recovery every broadcast ends with its offset.
          if (typeof offset === 'string') client.offset = offset;
          if (name === 'game:event') onEvent(payload, receivedAt);
          else if (name === 'chat:messages') receivedChat(client, payload.messages);
        } else if (frame === '2') ws.send('3');
        else if (frame.startsWith('43')) {
          const at = frame.indexOf('[');
          const id = Number(frame.slice(2, at));
          acks.get(id)?.(JSON.parse(frame.slice(at))[0]);
          acks.delete(id);
        } else if (frame.startsWith('0{')) {
          const session = client.pid ? { pid: client.pid, offset: client.offset ?? undefined } : {};
          ws.send(`40${JSON.stringify({ preview: true, ...session })}`);
        } else if (frame.startsWith('40')) {
          clearTimeout(connectTimer);
          attempts = 0;
          const { pid } = JSON.parse(frame.slice(2) || '{}');
          const recovered = client.pid !== null && pid === client.pid;
          client.pid = pid ?? null;
          // Recovered: Socket.IO replays what it missed next, in order (the app joins not).
          if (recovered && client.last !== null) {
            if (client.droppedAt !== null) cameBack(client, true);
          } else join();
        } else if (frame.startsWith('44')) {
          if (!client.joined) reject(new Error(frame.slice(2)));
          else ws.terminate();
        }
      });
      ws.on('error', (error) => {
        if (!client.joined) reject(error);
      });
      ws.on('close', () => {
        clearTimeout(connectTimer);
        if (socket !== ws) return;
        disconnects++;
        joining = false;
        early = [];
        acks.clear();
        if (!client.joined) return reject(new Error('closed before joining'));
        if (closed || !reconnect) return;
        client.droppedAt ??= Date.now();
        storm.reconnects++;
        setTimeout(connect, backoff());
      });
    };
    client.close = () => {
      closed = true;
      socket.terminate();
    };
    // A network drop: the connection goes without a close frame.
    client.drop = () => {
      client.stormed = true;
      client.droppedAt = Date.now();
      socket.terminate();
    };
    connect();
  });
}

function openWs(localAddress) {
  return new Promise((resolve, reject) => {
    const client = newClient();
    const socket = new WebSocket(url, { localAddress, perMessageDeflate: false });
    client.close = () => socket.terminate();
    socket.on('message', (data) => {
      if (!accept(client, JSON.parse(data.toString()), Date.now())) client.gaps++;
    });
    socket.on('close', () => disconnects++);
    socket.once('error', reject);
    socket.once('open', () => {
      client.last = 0;
      resolve(client);
    });
  });
}

function reportStorm() {
  process.send({ type: 'storm-done', ...storm });
}

const open = mode === 'ws' ? openWs : viewer === 'raw' ? openSocketIoRaw : openSocketIo;
const started = Date.now();
let next = 0;
let failed = 0;
let firstError = null;
// Paced when asked, per address: the server closes an address's connections past its event limit
// (a join is one). The viewers take the addresses in turn.
const joinGapMs = joinsPerSecond ? 1000 / (joinsPerSecond * addresses.length) : 0;
let nextJoinAt = started;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const address = addresses[next++ % addresses.length];
      const slot = Math.max(nextJoinAt, Date.now());
      nextJoinAt = slot + joinGapMs;
      if (slot > Date.now()) await new Promise((resolve) => setTimeout(resolve, slot - Date.now()));
      try {
        clients.push(await open(address));
      } catch (error) {
        failed++;
        firstError ??= String(error?.message ?? error);
      }
    }
  }),
);
process.send({
  type: 'connected',
  connected: clients.length,
  failed,
  firstError,
  ms: Date.now() - started,
  joinAnswer,
});

process.on('message', (request) => {
  if (request.type === 'latest') latest = request.seq;
  if (request.type === 'counts') process.send({ type: 'counts', chatFrames, chatMessages });
  if (request.type === 'storm') {
    storm.dropped = clients.length;
    // All at once, or spread evenly over the storm's seconds.
    if (!request.seconds) for (const client of clients) client.drop();
    else
      clients.forEach((client, i) =>
        setTimeout(() => client.drop(), Math.round((i * request.seconds * 1000) / clients.length)),
      );
  }
  if (request.type === 'stop') {
    recording = false;
    const lastSeqs = clients.map((client) => client.last ?? -1);
    // Every client must have had every event up to the one the server last sent before the stop.
    const behind = lastSeqs.filter((last) => last < request.expectedLastSeq).length;
    process.send({
      type: 'report',
      perSeq: [...perSeq].map(([seq, ball]) => ({ seq, ...ball })),
      clients: clients.length,
      clientsWithGap: clients.filter((client) => client.gaps > 0).length,
      // Of those: a hole in the pushes (a rejoin filled it), or events skipped by a snapshot.
      clientsWithHole: clients.filter((client) => client.holes > 0).length,
      clientsWithSkip: clients.filter((client) => client.skips > 0).length,
      clientsWithHoleSinceStorm: clients.filter((client) => client.holesSinceStorm > 0).length,
      clientsWithDuplicate: clients.filter((client) => client.duplicates > 0).length,
      duplicates: clients.reduce((sum, client) => sum + client.duplicates, 0),
      chatFrames,
      chatMessages,
      minLastSeq: Math.min(...lastSeqs),
      maxLastSeq: Math.max(...lastSeqs),
      clientsBehind: behind,
      disconnects,
      sample,
      chatLatencies: [...chatLatencies],
      clientsWithChatGap: clients.filter((client) => client.chatGaps > 0).length,
      clientsBehindOnChat: request.expectedChatSeq
        ? clients.filter((client) => (client.chatLast ?? 0) < request.expectedChatSeq).length
        : 0,
      storm: {
        ...storm,
        // Back, and every event since the drop seen in order (replayed or pushed), no hole.
        resumedWithoutGap: clients.filter((c) => c.stormed && c.droppedAt === null && c.gaps === 0).length,
      },
    });
  }
  if (request.type === 'close') {
    for (const client of clients) client.close();
    setTimeout(() => process.exit(0), 200);
  }
});
