// Benchmark: does a busy chat delay the balls? Runs the same fast draw twice on the real app
// (fresh embedded database, automatic host), once quiet and once with 50 chat messages a
// second from ten ticket holders, and prints one JSON line per figure:
// - ball-gap: time between consecutive ball calls beyond the set interval (the runner's delay);
// - ball-delivery: from a ball's call to its arrival at a viewer's socket;
// - chat-delivery: from a message being stored to its arrival at the viewer (chat on only).
import { Worker } from 'node:worker_threads';
import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  type ChatMessagesPayload,
  type ClientToServerEvents,
  type LiveGameMessage,
  type ServerToClientEvents,
} from '@ruthless/protocol';
import { insertGame, insertPlayers, insertRoom } from '../test/support/fixtures';
import { startBenchApp } from './support/bench-app';

const PLAYERS = 10;
const CHAT_PER_SECOND = 50;
const BALL_INTERVAL_MS = 200;

// With DATABASE_URL (and REDIS_URL) set: a scratch database on that PostgreSQL, as in production.
// The per-player limit would refuse most of the burst; the point is the load, not the limit.
const bench = await startBenchApp({ chatLimit: { window: 10, max: 1_000_000 } });
const { app } = bench;
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const address = app.fastify.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const db = app.database.db;

const roomId = await insertRoom(db, 'Bench Room');
const tokens = (await insertPlayers(app, PLAYERS, 'Bench', { registered: true })).map(
  (player) => player.token,
);

/** The chatters (ticket holders posting to the chat), on a thread of their own. */
const SENDER = new URL('./support/chat-sender.mjs', import.meta.url);

const post = (pathname: string, token: string, body: unknown) =>
  fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

function stats(name: string, samples: number[], extra: Record<string, unknown> = {}): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  console.log(
    JSON.stringify({
      name,
      unit: 'ms',
      n: sorted.length,
      median: at(0.5),
      p95: at(0.95),
      max: at(1),
      ...extra,
    }),
  );
}

async function runDraw(chat: boolean): Promise<void> {
  const gameUuid = await insertGame(db, roomId, {
    startsInMs: 3000,
    maxTickets: 100,
    timings: {
      greenRoomMs: 2500,
      reelsMs: 100,
      luckyFateMs: 100,
      ballIntervalMs: BALL_INTERVAL_MS,
      ruthlessMs: 300,
      revealMs: 100,
    },
  });
  for (const token of tokens) await post('/api/claim-ticket', token, { gameUuid, roomUuid: roomId });

  const viewer: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(base, {
    transports: ['websocket'],
    auth: { preview: true },
  });
  const balls: { at: number; arrived: number }[] = [];
  const chatDelivery: number[] = [];
  let broadcasts = 0;
  let sent = 0;
  let accepted = 0;
  let sender: Worker | undefined;
  let senderDone: Promise<unknown> = Promise.resolve();
  const ended = new Promise<void>((resolve) => {
    viewer.on('game:event', (message: LiveGameMessage) => {
      const arrived = Date.now();
      if (message.event.type === 'ball-called') balls.push({ at: message.at, arrived });
      if (message.event.type === 'draw-started' && chat) {
        sender = new Worker(SENDER, {
          workerData: { base, tokens, gameUuid, roomUuid: roomId, perSecond: CHAT_PER_SECOND },
        });
        sender.on('message', (counts: { sent: number; accepted: number }) => {
          sent = counts.sent;
          accepted = counts.accepted;
        });
        senderDone = new Promise((resolve) => sender!.once('exit', resolve));
      }
      if (message.event.type === 'ruthless-started' || message.event.type === 'game-ended') {
        sender?.postMessage('stop');
        resolve();
      }
    });
  });
  viewer.on('chat:messages', (payload: ChatMessagesPayload) => {
    broadcasts++;
    const arrived = Date.now();
    for (const message of payload.messages) chatDelivery.push(arrived - Date.parse(message.sentAt));
  });
  await viewer.timeout(10_000).emitWithAck('game:join', { gameUuid, lastSeq: null });
  await ended;
  await senderDone;
  viewer.close();

  const label = chat ? `chat-${CHAT_PER_SECOND}-per-s` : 'chat-off';
  const gaps = balls.slice(1).map((ball, i) => ball.at - balls[i]!.at - BALL_INTERVAL_MS);
  stats(`ball-gap-beyond-${BALL_INTERVAL_MS}ms-${label}`, gaps);
  stats(
    `ball-delivery-${label}`,
    balls.map((ball) => ball.arrived - ball.at),
  );
  if (chat) {
    const drawSeconds = (balls.at(-1)!.at - balls[0]!.at) / 1000;
    stats('chat-delivery', chatDelivery, {
      sent,
      accepted,
      broadcasts,
      broadcastsPerSecond: Number((broadcasts / drawSeconds).toFixed(1)),
    });
  }
}

await runDraw(false);
await runDraw(true);
await runDraw(false);
await runDraw(true);

console.log(
  JSON.stringify({
    name: 'chat-bench-database',
    value: app.database.kind,
    redis: Boolean(app.realtime.redis),
  }),
);
await bench.close();
