// One load process of fanout.bench.ts: opens `count` viewers from one loopback source address
// (Socket.IO viewers that join the game, or plain `ws` clients), then records every message's
// seq and its latency from the server's event time, and every chat message's delivery. On
// `storm`, its Socket.IO viewers drop their connections one after the other and come back as
// the web app does (apps/web/src/lib/live-game/use-live-game.ts). Plain JavaScript: no compile
// step, and its CPU is not the server's. Talks to the orchestrator over IPC.
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const { mode, viewer, url, count, localAddress, gameUuid, concurrency, reconnect, joinsPerSecond } =
  JSON.parse(process.argv[2]);
/** As the web app: a join unanswered for this long is asked again after REJOIN_DELAY_MS. */
const JOIN_TIMEOUT_MS = 10_000;
const REJOIN_DELAY_MS = 2_000;

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
/** The storm, once asked for: how many dropped and when the last of them was back. */
const storm = { dropped: 0, back: 0, lastBackAt: 0, recovered: 0, joinRetries: 0 };

/** An event that follows the client's last seq; anything else is a gap (resent ones are dropped). */
function accept(client, message, receivedAt) {
  if (client.last !== null && message.seq <= client.last) return true;
  if (client.last !== null && message.seq !== client.last + 1) return false;
  client.last = message.seq;
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
    client.last = result.snapshot.seq;
  }
  for (const [message, receivedAt] of heldBack) onEvent(message, receivedAt);
}

function receivedChat(client, messages) {
  const now = Date.now();
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
function openSocketIo() {
  return new Promise((resolve, reject) => {
    const client = { last: null, gaps: 0, chatLast: null, chatGaps: 0, droppedAt: null, joined: false };
    const socket = io(url, {
      transports: ['websocket'],
      auth: { preview: true },
      forceNew: true,
      reconnection: Boolean(reconnect),
      localAddress,
    });
    let joining = false;
    let early = [];
    const onEvent = (message, receivedAt) => {
      // Dropped and not yet rejoined: mostly the recovery's replay of the drop, not deliveries.
      const at = client.droppedAt === null ? receivedAt : null;
      if (joining) return early.push([message, at]);
      if (accept(client, message, at)) return;
      client.gaps++;
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
      if (client.droppedAt !== null) {
        client.droppedAt = null;
        storm.back++;
        storm.lastBackAt = Date.now();
        if (socket.recovered) storm.recovered++;
        if (storm.back === storm.dropped) reportStorm();
      }
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
 * per-message work on the cores they share. It does not reconnect (the storm uses the client).
 */
function openSocketIoRaw() {
  return new Promise((resolve, reject) => {
    const client = { last: null, gaps: 0, chatLast: null, chatGaps: 0, droppedAt: null, joined: false };
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
      localAddress,
      perMessageDeflate: false,
    });
    let nextAck = 0;
    const acks = new Map();
    let joining = false;
    let early = [];
    const onEvent = (message, receivedAt) => {
      if (joining) return early.push([message, receivedAt]);
      if (accept(client, message, receivedAt)) return;
      client.gaps++;
      join();
    };
    const join = () => {
      if (joining) return;
      joining = true;
      const id = nextAck++;
      acks.set(id, (result) => {
        joining = false;
        if (!result.ok) return client.joined ? undefined : reject(new Error(result.message));
        const heldBack = early;
        early = [];
        takeJoin(client, result, heldBack, onEvent);
        if (!client.joined) {
          client.joined = true;
          resolve(client);
        }
      });
      socket.send(`42${id}${JSON.stringify(['game:join', { gameUuid, lastSeq: client.last }])}`);
    };
    client.close = () => socket.terminate();
    socket.on('message', (data) => {
      const frame = data.toString();
      if (frame.startsWith('42[')) {
        const receivedAt = Date.now();
        const [name, payload] = JSON.parse(frame.slice(2));
        if (name === 'game:event') onEvent(payload, receivedAt);
        else if (name === 'chat:messages') receivedChat(client, payload.messages);
      } else if (frame === '2') socket.send('3');
      else if (frame.startsWith('43')) {
        const at = frame.indexOf('[');
        const id = Number(frame.slice(2, at));
        acks.get(id)?.(JSON.parse(frame.slice(at))[0]);
        acks.delete(id);
      } else if (frame.startsWith('0{')) socket.send(`40${JSON.stringify({ preview: true })}`);
      else if (frame.startsWith('40')) join();
      else if (frame.startsWith('44')) reject(new Error(frame.slice(2)));
    });
    socket.on('close', () => disconnects++);
    socket.once('error', reject);
  });
}

function openWs() {
  return new Promise((resolve, reject) => {
    const client = { last: null, gaps: 0 };
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
// Paced when asked: the server closes an address's connections past its event limit (a join is one).
const joinGapMs = joinsPerSecond ? 1000 / joinsPerSecond : 0;
let nextJoinAt = started;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      next++;
      const slot = Math.max(nextJoinAt, Date.now());
      nextJoinAt = slot + joinGapMs;
      if (slot > Date.now()) await new Promise((resolve) => setTimeout(resolve, slot - Date.now()));
      try {
        clients.push(await open());
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
  if (request.type === 'storm') {
    // The drops spread evenly over the storm's seconds.
    storm.dropped = clients.length;
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
