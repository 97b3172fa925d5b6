// Benchmark: a rush of claims from distinct players at one game's pool, on the real app, beside
// a bare single-statement `UPDATE ... WHERE tickets_available > 0 RETURNING` loop on the same
// database in the same run (the machine is shared: the ratio is the figure). PGlite in a fresh
// folder, or a scratch database on DATABASE_URL's PostgreSQL. One JSON line per figure.
//
//   npx tsx bench/claims.bench.ts [--claims 20000] [--pool 5000] [--within 2] [--connections 256]
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { games, tickets } from '../src/db/schema';
import { insertGame, insertPlayers, insertRoom } from '../test/support/fixtures';
import { startBenchApp } from './support/bench-app';

const { values: args } = parseArgs({
  options: {
    claims: { type: 'string', default: '20000' },
    pool: { type: 'string', default: '5000' },
    within: { type: 'string', default: '2' },
    connections: { type: 'string', default: '256' },
  },
});
const CLAIMS = Number(args.claims);
const POOL = Number(args.pool);

const bench = await startBenchApp(
  { runGames: false, accounts: { rateLimitPrefix: `bench:${randomUUID()}:` } },
  { useRedis: false },
);
const { app, dataDir } = bench;
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;
const db = app.database.db;
const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

const roomId = await insertRoom(db, 'Bench Room');
const newGame = () => insertGame(db, roomId, { startsInMs: 3_600_000, maxTickets: POOL });

// Distinct players, each with a profile and an identity token.
const tokens = (await insertPlayers(app, CLAIMS, 'Bench', { registered: true })).map(
  (player) => player.token,
);
const tokensFile = path.join(dataDir, 'tokens.txt');
await writeFile(tokensFile, tokens.join('\n'));

/** The baseline: `connections` loops of one guarded UPDATE each, until CLAIMS were tried. */
async function bareLoop(): Promise<number> {
  const gameId = await newGame();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(Number(args.connections), CLAIMS) }, async () => {
      while (next++ < CLAIMS) {
        await db.execute(
          sql`UPDATE games SET tickets_available = tickets_available - 1 WHERE id = ${gameId} AND tickets_available > 0 RETURNING tickets_available`,
        );
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [left] = await db.select({ n: games.ticketsAvailable }).from(games).where(eq(games.id, gameId));
  if (left!.n !== 0) throw new Error(`bare loop left ${left!.n} tickets`);
  return CLAIMS / seconds;
}

async function appClaims() {
  const gameId = await newGame();
  const options = {
    url: `${base}/api/claim-ticket`,
    tokensFile,
    body: { gameUuid: gameId, roomUuid: roomId },
    withinSeconds: Number(args.within),
    connections: Number(args.connections),
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [fileURLToPath(new URL('./claim-load.mjs', import.meta.url)), JSON.stringify(options)],
    { maxBuffer: 1 << 24 },
  );
  const result = JSON.parse(stdout) as {
    statuses: Record<string, number>;
    seconds: number;
    p50: number;
    p99: number;
    max: number;
  };
  const [dealt] = await db.select({ n: count() }).from(tickets).where(eq(tickets.gameId, gameId));
  return { ...result, tickets: dealt!.n };
}

const before = await bareLoop();
const claimed = await appClaims();
const after = await bareLoop();
const baseline = (before + after) / 2;
const throughput = CLAIMS / claimed.seconds;
const database = app.database.kind;
print({
  name: 'claims-rush',
  database,
  claims: CLAIMS,
  pool: POOL,
  withinSeconds: Number(args.within),
  tickets: claimed.tickets,
  statuses: claimed.statuses,
  unit: 'ms',
  p50: claimed.p50,
  p99: claimed.p99,
  max: claimed.max,
});
print({ name: 'claims-throughput', database, unit: 'claims/s', value: Math.round(throughput) });
print({
  name: 'claims-bare-update-loop',
  database,
  unit: 'updates/s',
  value: Math.round(baseline),
  before: Math.round(before),
  after: Math.round(after),
});
print({ name: 'claims-vs-bare-update', database, ratio: Number((throughput / baseline).toFixed(2)) });

await bench.close();
