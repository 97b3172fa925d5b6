// One load process of fanout.bench.ts: opens `count` viewers from one loopback source address
// (Socket.IO clients that join the game, or plain `ws` clients), then records every message's
// seq and its latency from the server's event time. Plain JavaScript: no compile step, and its
// CPU is not the server's. Talks to the orchestrator over IPC.
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const { mode, url, count, localAddress, gameUuid, concurrency } = JSON.parse(process.argv[2]);

/** Per client: the last seq seen and how many gaps it saw. */
const clients = [];
const latencies = [];
/** Per ball seq: at (server time), deliveries and the last receipt. */
const perSeq = new Map();
let sample = null;
let disconnects = 0;
let recording = true;

function received(client, message) {
  const now = Date.now();
  if (client.last !== null && message.seq !== client.last + 1) {
    // Resent events (seq <= last) are not gaps; a skipped seq is.
    if (message.seq > client.last + 1) client.gaps++;
    if (message.seq <= client.last) return;
  }
  client.last = message.seq;
  if (!recording || message.event?.type !== 'ball-called') return;
  if (!sample) sample = message;
  latencies.push(now - message.at);
  let ball = perSeq.get(message.seq);
  if (!ball) perSeq.set(message.seq, (ball = { at: message.at, deliveries: 0, first: now, last: 0 }));
  ball.deliveries++;
  if (now > ball.last) ball.last = now;
}

function openSocketIo() {
  return new Promise((resolve, reject) => {
    const client = { last: null, gaps: 0 };
    const socket = io(url, {
      transports: ['websocket'],
      auth: { preview: true },
      forceNew: true,
      reconnection: false,
      localAddress,
    });
    client.close = () => socket.close();
    socket.on('game:event', (message) => received(client, message));
    socket.on('disconnect', () => disconnects++);
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket
        .timeout(120_000)
        .emitWithAck('game:join', { gameUuid, lastSeq: null })
        .then((result) => {
          if (!result.ok) return reject(new Error(result.message));
          if (client.last === null) client.last = result.snapshot.seq;
          resolve(client);
        }, reject);
    });
  });
}

function openWs() {
  return new Promise((resolve, reject) => {
    const client = { last: null, gaps: 0 };
    const socket = new WebSocket(url, { localAddress, perMessageDeflate: false });
    client.close = () => socket.terminate();
    socket.on('message', (data) => received(client, JSON.parse(data.toString())));
    socket.on('close', () => disconnects++);
    socket.once('error', reject);
    socket.once('open', () => {
      client.last = 0;
      resolve(client);
    });
  });
}

const open = mode === 'socket.io' ? openSocketIo : openWs;
const started = Date.now();
let next = 0;
let failed = 0;
let firstError = null;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      next++;
      try {
        clients.push(await open());
      } catch (error) {
        failed++;
        firstError ??= String(error?.message ?? error);
      }
    }
  }),
);
process.send({ type: 'connected', connected: clients.length, failed, firstError, ms: Date.now() - started });

process.on('message', (request) => {
  if (request.type === 'stop') {
    recording = false;
    const lastSeqs = clients.map((client) => client.last ?? -1);
    // Every client must have had every event up to the one the server last sent before the stop.
    const behind = lastSeqs.filter((last) => last < request.expectedLastSeq).length;
    process.send({
      type: 'report',
      latencies,
      perSeq: [...perSeq].map(([seq, ball]) => ({ seq, ...ball })),
      clients: clients.length,
      clientsWithGap: clients.filter((client) => client.gaps > 0).length,
      minLastSeq: Math.min(...lastSeqs),
      maxLastSeq: Math.max(...lastSeqs),
      clientsBehind: behind,
      disconnects,
      sample,
    });
  }
  if (request.type === 'close') {
    for (const client of clients) client.close();
    setTimeout(() => process.exit(0), 200);
  }
});
