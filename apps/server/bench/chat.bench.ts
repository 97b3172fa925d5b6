// Benchmark: does a busy chat delay the balls? Runs the same fast draw twice on the real app
// (fresh embedded database, automatic host), once quiet and once with 50 chat messages a
// second from ten ticket holders, and prints one JSON line per figure:
// - ball-gap: time between consecutive ball calls beyond the set interval (the runner's delay);
// - ball-delivery: from a ball's call to its arrival at a viewer's socket;
// - chat-delivery: from a message being stored to its arrival at the viewer (chat on only).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { commitmentOf } from '@ruthless/game';
import {
  OPERATOR,
  type ChatMessagesPayload,
  type ClientToServerEvents,
  type LiveGameMessage,
  type ServerToClientEvents,
} from '@ruthless/protocol';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { games, playerProfiles, rooms, users } from '../src/db/schema';

const PLAYERS = 10;
const CHAT_PER_SECOND = 50;
const BALL_INTERVAL_MS = 200;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-bench-'));
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: dataDir, PORT: '0' }),
  // The per-player limit would refuse most of the burst; the point is the load, not the limit.
  { chatLimit: { window: 10, max: 1_000_000 } },
);
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const address = app.fastify.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const db = app.database.db;

const [room] = await db
  .insert(rooms)
  .values({ name: 'Bench Room', image: '/rooms/ruby-rush.svg' })
  .returning();
const players = Array.from({ length: PLAYERS }, (_, i) => ({
  id: randomUUID(),
  name: `Bench ${i}`,
  email: `bench${i}@ruthless.test`,
}));
await db.insert(users).values(players);
await db
  .insert(playerProfiles)
  .values(players.map((player, i) => ({ userId: player.id, operator: OPERATOR, alias: `Bench${i}` })));
const tokens: string[] = [];
for (const player of players) {
  const { token } = await app.accounts.auth.api.signJWT({
    body: {
      payload: {
        sub: player.id,
        name: player.name,
        email: player.email,
        operator: OPERATOR,
        iat: Math.floor(Date.now() / 1000),
      },
    },
  });
  tokens.push(token);
}

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
  const seedHex = randomUUID().replaceAll('-', '').repeat(2);
  const [game] = await db
    .insert(games)
    .values({
      roomId: room!.id,
      startTime: new Date(Date.now() + 3000),
      maxTickets: 100,
      ticketsAvailable: 100,
      luckyFateMode: 'in-game',
      prizeOneLine: 100,
      prizeTwoLines: 200,
      prizeFullHouse: 1000,
      seedHex,
      commitment: commitmentOf(seedHex),
      timings: {
        greenRoomMs: 2500,
        reelsMs: 100,
        luckyFateMs: 100,
        ballIntervalMs: BALL_INTERVAL_MS,
        ruthlessMs: 300,
        revealMs: 100,
      },
    })
    .returning();
  const gameUuid = game!.id;
  for (const token of tokens) await post('/api/claim-ticket', token, { gameUuid, roomUuid: room!.id });

  const viewer: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(base, {
    transports: ['websocket'],
    auth: { preview: true },
  });
  const balls: { at: number; arrived: number }[] = [];
  const chatDelivery: number[] = [];
  let broadcasts = 0;
  let sent = 0;
  let accepted = 0;
  let sender: NodeJS.Timeout | undefined;
  const inFlight: Promise<unknown>[] = [];
  const ended = new Promise<void>((resolve) => {
    viewer.on('game:event', (message: LiveGameMessage) => {
      const arrived = Date.now();
      if (message.event.type === 'ball-called') balls.push({ at: message.at, arrived });
      if (message.event.type === 'draw-started' && chat) {
        sender = setInterval(() => {
          const i = sent++;
          inFlight.push(
            post('/api/chat', tokens[i % PLAYERS]!, {
              gameUuid,
              roomUuid: room!.id,
              playerName: '',
              chatContent: `Come on number ${i}!`,
            }).then((response) => {
              if (response.status === 201) accepted++;
            }),
          );
        }, 1000 / CHAT_PER_SECOND);
      }
      if (message.event.type === 'ruthless-started' || message.event.type === 'game-ended') {
        clearInterval(sender);
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
  await Promise.allSettled(inFlight);
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

await app.close();
await rm(dataDir, { recursive: true, force: true });
