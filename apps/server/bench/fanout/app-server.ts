// The server under test of fanout.bench.ts, in a process of its own so that its CPU and memory
// are its own: the real app (fresh embedded database, or a scratch database on DATABASE_URL),
// one game with a few ticket holders, the automatic host started only when the orchestrator
// says so. Talks to the orchestrator over IPC (see protocol in fanout.bench.ts).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { commitmentOf } from '@ruthless/game';
import { OPERATOR } from '@ruthless/protocol';
import { games, playerProfiles, rooms, users } from '../../src/db/schema';
import { signIdentityToken, startBenchApp } from '../support/bench-app';
import { serverProbe } from './probe';

const BALL_INTERVAL_MS = Number(process.env.BALL_INTERVAL_MS ?? 2000);
const TICKET_HOLDERS = 10;

const bench = await startBenchApp({
  runGames: false,
  // Thousands of viewers from a handful of loopback addresses: the per-address limit (meant
  // for one household) would refuse their joins; the point here is the fan-out.
  socketEventLimits: {
    perSocket: { burst: 40, perSecond: 10 },
    perAddress: { burst: 1e9, perSecond: 1e9 },
  },
  accounts: { rateLimitPrefix: `bench:${randomUUID()}:` },
  // The chat benchmark's ticket holders post 50 messages a second between them, far over the
  // per-player limit (meant for one person typing); the point is the load, not the limit.
  chatLimit: { window: 10, max: 1_000_000 },
});
const { app } = bench;
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const address = app.fastify.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;
const db = app.database.db;

const [room] = await db
  .insert(rooms)
  .values({ name: 'Bench Room', image: '/rooms/ruby-rush.svg' })
  .returning();
const seedHex = randomUUID().replaceAll('-', '').repeat(2);
const [game] = await db
  .insert(games)
  .values({
    roomId: room!.id,
    // Far off until the orchestrator starts the show (every viewer connected by then).
    startTime: new Date(Date.now() + 30 * 60_000),
    maxTickets: 100,
    ticketsAvailable: 100,
    luckyFateMode: 'in-game',
    prizeOneLine: 100,
    prizeTwoLines: 200,
    prizeFullHouse: 1000,
    seedHex,
    commitment: commitmentOf(seedHex),
    timings: {
      greenRoomMs: 1000,
      reelsMs: 100,
      luckyFateMs: 100,
      ballIntervalMs: BALL_INTERVAL_MS,
      ruthlessMs: 300,
      revealMs: 100,
    },
  })
  .returning();
const gameUuid = game!.id;

// A few ticket holders (the chat benchmark's chatters); ten tickets need far more than 30 balls to a full house.
const players = Array.from({ length: TICKET_HOLDERS }, (_, i) => ({
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
  const token = await signIdentityToken(app, player);
  tokens.push(token);
  const response = await fetch(`${base}/api/claim-ticket`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ gameUuid, roomUuid: room!.id }),
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`claim failed: ${response.status} ${await response.text()}`);
}

serverProbe({
  ready: { url: base, gameUuid, roomUuid: room!.id, tokens, database: app.database.kind },
  start: async () => {
    await db
      .update(games)
      .set({ startTime: new Date(Date.now() + 1500) })
      .where(eq(games.id, gameUuid));
    app.runner.start();
  },
  lastSeq: async () => (await app.live.get(gameUuid))?.seq ?? 0,
  close: async () => {
    await bench.close();
  },
});
