// Benchmark: a rush of claims from distinct players at one game's pool, on the real app, beside
// two baselines measured in the same run (the machine is shared: the ratios are the figures):
// - the peer (bench/claims-peer.ts): a bare Fastify whose one route verifies the same identity
//   token and runs one guarded UPDATE, the least an HTTP claim API can do per claim;
// - the bare loop: the guarded `UPDATE ... WHERE tickets_available > 0` alone, no HTTP.
// With --steady, each server is also offered claims at a fixed rate for --steady-seconds
// (open-loop) at rising rates, to find the highest rate whose p99 stays under --p99-goal.
// On PGlite in a fresh folder, then (with DATABASE_URL) on a scratch database of that PostgreSQL;
// --database picks one. One JSON line per figure.
// With --sub-pools 1,4 the product's rush is run once per count of sub-pools given (the game's
// pool split so, docs/tickets.md "Sub-pools"), in that order, and their rates compared; so is the
// deal alone, no HTTP (8 loops calling deal_ticket_group with groups of 64 claims of one lane,
// as the service groups them): the row locks' own limit.
//
// Unless --cold, each player opens the purchase page (GET /api/purchases) before the load, unmeasured.
//
//   npx tsx bench/claims.bench.ts [--claims 20000] [--pool 5000] [--within 2] [--connections 256]
//                                 [--steady] [--steady-seconds 10] [--database pglite|postgres]
//                                 [--profile /tmp/claims] (CPU profile of the product's rush)
//                                 [--sub-pools 1,4]
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { setTimeout } from 'node:timers/promises';
import { Session } from 'node:inspector';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import { TOKEN_CUTOFF_CACHE_MS } from '../src/auth/token-cutoffs';
import { ticketClaim } from '@ruthless/game';
import { games, ticketPools, tickets } from '../src/db/schema';
import { TicketsRepository, type ClaimRequest } from '../src/tickets/tickets.repository';
import { claimLane } from '../src/tickets/tickets.service';
import { insertGame, insertPlayers, insertRoom } from '../test/support/fixtures';
import { startClaimsPeer } from './claims-peer';
import { startBenchApp } from './support/bench-app';

const { values: args } = parseArgs({
  options: {
    claims: { type: 'string', default: '20000' },
    pool: { type: 'string', default: '5000' },
    within: { type: 'string', default: '2' },
    connections: { type: 'string', default: '256' },
    steady: { type: 'boolean', default: false },
    'steady-seconds': { type: 'string', default: '10' },
    'p99-goal': { type: 'string', default: '250' },
    database: { type: 'string' },
    // Claims from players who have not opened the purchase page before the rush.
    cold: { type: 'boolean', default: false },
    // Writes a CPU profile of the server's process during the product's rush (one per database).
    profile: { type: 'string' },
    // The product's rush once per count of sub-pools (1, 2, 4 or 8), compared in the same run.
    'sub-pools': { type: 'string' },
  },
});
const SUB_POOLS = args['sub-pools']?.split(',').map(Number) ?? [];
if (SUB_POOLS.some((pools) => ![1, 2, 4, 8].includes(pools)))
  throw new Error('--sub-pools takes 1, 2, 4 or 8');
const CLAIMS = Number(args.claims);
const POOL = Number(args.pool);
const STEADY_SECONDS = Number(args['steady-seconds']);
const P99_GOAL = Number(args['p99-goal']);
// Offered rates tried in steady mode, in claims/s: the search stops at the first one over the goal.
const STEADY_RATES = [250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000];
const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

/** Starts the inspector's CPU profiler here (the server's process); the answer stops it. */
async function startProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  const post = promisify(session.post.bind(session)) as (method: string) => Promise<{ profile?: object }>;
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    return profile!;
  };
}

interface LoadResult {
  statuses: Record<string, number>;
  /** From the first claim's scheduled time to the last answer. */
  seconds: number;
  p50: number;
  p99: number;
  max: number;
}

const databases =
  args.database === 'pglite' || args.database === 'postgres'
    ? [args.database]
    : process.env.DATABASE_URL
      ? ['pglite', 'postgres']
      : ['pglite'];
if (databases.includes('postgres') && !process.env.DATABASE_URL) {
  throw new Error('--database postgres needs DATABASE_URL');
}
const databaseUrl = process.env.DATABASE_URL;
for (const database of databases) {
  // startBenchApp takes PostgreSQL from DATABASE_URL.
  if (database === 'pglite') delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = databaseUrl;
  await benchOn();
}

async function benchOn(): Promise<void> {
  const bench = await startBenchApp(
    { runGames: false, accounts: { rateLimitPrefix: `bench:${randomUUID()}:` } },
    { useRedis: false },
  );
  const { app, dataDir } = bench;
  const database = app.database.kind;
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const origin = (server: { address(): unknown }) =>
    `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const db = app.database.db;
  const peer = await startClaimsPeer({
    db,
    jwks: (await (await fetch(`${origin(app.fastify.server)}/api/auth/jwks`)).json()) as JSONWebKeySet,
    issuer: app.config.publicUrl,
    audience: app.config.publicUrl,
  });
  const warmUrl = `${origin(app.fastify.server)}/api/purchases?unFinishedGames=true`;
  const targets = {
    product: `${origin(app.fastify.server)}/api/claim-ticket`,
    peer: `${origin(peer.server)}/claim`,
  };

  const roomId = await insertRoom(db, 'Bench Room');
  // No count of sub-pools: the game's own, from its pool size.
  const newGame = (pool: number, ticketPools?: number) =>
    insertGame(db, roomId, {
      startsInMs: 3_600_000,
      maxTickets: pool,
      ...(ticketPools ? { ticketPools } : {}),
    });

  // Distinct players, each with a profile and an identity token, made as the loads need them
  // (a new game for each load, so a load may reuse the players of another).
  const tokens: string[] = [];
  const playerIds: string[] = [];
  const playersFor = async (claims: number) => {
    if (claims > tokens.length) {
      const players = await insertPlayers(app, claims - tokens.length, `Bench ${tokens.length}x`, {
        registered: true,
      });
      tokens.push(...players.map((player) => player.token));
      playerIds.push(...players.map((player) => player.id));
    }
    return tokens.slice(0, claims);
  };

  /**
   * The deal alone: 8 loops calling deal_ticket_group (through the repository) with groups of 64
   * claims of one lane, the lanes taken in turn, until every one of CLAIMS players claimed once
   * (a busy answer is claimed again in a later group). Exactly the pool must be dealt.
   */
  async function dealLoop(subPools: number): Promise<number> {
    const gameId = await newGame(POOL, subPools);
    await playersFor(CLAIMS);
    const repository = new TicketsRepository(db);
    const now = new Date();
    const request = (playerId: string): ClaimRequest => ({
      gameId,
      roomId,
      luckyFateMode: 'in-game',
      claim: ticketClaim({ at: now.getTime(), playerId, luckyFatePick: null }),
      now,
      tokenIssuedAt: now.getTime(),
    });
    const lanes = Array.from({ length: subPools }, (_, lane) =>
      playerIds.slice(0, CLAIMS).filter((id) => claimLane(id) % subPools === lane),
    );
    const groups: { lane: number; ids: string[] }[] = [];
    for (let start = 0; lanes.some((ids) => ids.length > start); start += 64) {
      lanes.forEach((ids, lane) => {
        if (ids.length > start) groups.push({ lane, ids: ids.slice(start, start + 64) });
      });
    }
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < groups.length) {
          const { lane, ids } = groups[next++]!;
          const outcomes = await repository.claimGroup(gameId, lane, ids.map(request));
          const busy = ids.filter((_, i) => outcomes[i]!.kind === 'busy');
          if (busy.length > 0) groups.push({ lane, ids: busy });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await expectLeft(gameId, Math.max(0, POOL - CLAIMS), `deal loop (${subPools} sub-pools)`);
    const [dealt] = await db.select({ n: count() }).from(tickets).where(eq(tickets.gameId, gameId));
    if (dealt!.n !== Math.min(POOL, CLAIMS)) throw new Error(`the deal loop dealt ${dealt!.n} tickets`);
    return CLAIMS / seconds;
  }

  /** The baseline: `connections` loops of one guarded UPDATE each, until CLAIMS were tried. */
  async function bareLoop(): Promise<number> {
    const gameId = await newGame(POOL);
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
    await expectLeft(gameId, 0, 'bare loop');
    return CLAIMS / seconds;
  }

  async function expectLeft(gameId: string, expected: number, who: string) {
    const [left] = await db.select({ n: games.ticketsAvailable }).from(games).where(eq(games.id, gameId));
    if (left!.n !== expected) throw new Error(`${who} left ${left!.n} tickets, not ${expected}`);
  }

  /**
   * `claims` claims from distinct players at `target`, evenly over `withinSeconds`, at a new game;
   * with `warm` (unless --cold), the players opened the purchase page first; with `profile`, the
   * server's CPU is profiled while the claims (not the page views) are answered.
   */
  async function offer(
    target: keyof typeof targets,
    claims: number,
    pool: number,
    withinSeconds: number,
    { warm = false, profile, subPools }: { warm?: boolean; profile?: string; subPools?: number } = {},
  ) {
    const gameId = await newGame(pool, subPools);
    const tokensFile = path.join(dataDir, `tokens-${claims}.txt`);
    await writeFile(tokensFile, (await playersFor(claims)).join('\n'));
    const load = async (options: object) =>
      (
        await promisify(execFile)(
          process.execPath,
          [fileURLToPath(new URL('./claim-load.mjs', import.meta.url)), JSON.stringify(options)],
          { maxBuffer: 1 << 24 },
        )
      ).stdout;
    const connections = Number(args.connections);
    if (warm && !args.cold && target === 'product') {
      await load({ warmUrl, tokensFile, connections });
      // Long enough that the server reads each player's token cut-off again (its cache is brief).
      await setTimeout(TOKEN_CUTOFF_CACHE_MS + 500);
    }
    const profiling = profile ? await startProfile() : undefined;
    const result = JSON.parse(
      await load({
        url: targets[target],
        tokensFile,
        body: { gameUuid: gameId, roomUuid: roomId },
        withinSeconds,
        connections,
      }),
    ) as LoadResult;
    if (profiling) await writeFile(profile!, JSON.stringify(await profiling()));
    // Never more nor fewer tickets than the pool (the peer only counts them down).
    await expectLeft(gameId, Math.max(0, pool - claims), target);
    if (target === 'product') {
      const [dealt] = await db.select({ n: count() }).from(tickets).where(eq(tickets.gameId, gameId));
      if (dealt!.n !== Math.min(pool, claims)) throw new Error(`the product dealt ${dealt!.n} tickets`);
      const [left] = await db
        .select({ n: sql<number>`sum(${ticketPools.ticketsLeft})::int` })
        .from(ticketPools)
        .where(eq(ticketPools.gameId, gameId));
      if (left!.n !== Math.max(0, pool - claims)) throw new Error(`the sub-pools left ${left!.n} tickets`);
    }
    return result;
  }

  const rush = async (target: keyof typeof targets, subPools?: number) => {
    const result = await offer(target, CLAIMS, POOL, Number(args.within), {
      warm: true,
      ...(args.profile && target === 'product' ? { profile: `${args.profile}.${database}.cpuprofile` } : {}),
      ...(subPools ? { subPools } : {}),
    });
    const answered = (result.statuses['201'] ?? 0) + (result.statuses['409'] ?? 0);
    print({
      name: 'claims-rush',
      database,
      server: target,
      claims: CLAIMS,
      pool: POOL,
      ...(subPools ? { subPools } : {}),
      withinSeconds: Number(args.within),
      statuses: result.statuses,
      allAnsweredInSeconds: answered === CLAIMS ? Number(result.seconds.toFixed(2)) : null,
      unit: 'ms',
      p50: result.p50,
      p99: result.p99,
      max: result.max,
    });
    return CLAIMS / result.seconds;
  };

  const before = await bareLoop();
  const product = await rush('product');
  if (SUB_POOLS.length > 0) {
    const rates: Record<string, number> = {};
    for (const subPools of SUB_POOLS) rates[subPools] = Math.round(await rush('product', subPools));
    const [first, ...rest] = SUB_POOLS;
    const deals: Record<string, number> = {};
    for (const subPools of SUB_POOLS) deals[subPools] = Math.round(await dealLoop(subPools));
    print({
      name: 'claims-sub-pools-deal-loop',
      database,
      unit: 'claims/s',
      ...deals,
      ...Object.fromEntries(
        rest.map((pools) => [`${pools}vs${first}`, Number((deals[pools]! / deals[first!]!).toFixed(2))]),
      ),
    });
    print({
      name: 'claims-sub-pools',
      database,
      unit: 'claims/s',
      ...rates,
      // Each count against the first (the goal: 4 sub-pools at least twice one).
      ...Object.fromEntries(
        rest.map((pools) => [`${pools}vs${first}`, Number((rates[pools]! / rates[first!]!).toFixed(2))]),
      ),
    });
  }
  const peerRate = await rush('peer');
  const after = await bareLoop();
  const bare = (before + after) / 2;
  print({
    name: 'claims-throughput',
    database,
    unit: 'claims/s',
    product: Math.round(product),
    peer: Math.round(peerRate),
  });
  print({
    name: 'claims-bare-update-loop',
    database,
    unit: 'updates/s',
    value: Math.round(bare),
    before: Math.round(before),
    after: Math.round(after),
  });
  print({
    name: 'claims-ratios',
    database,
    productVsPeer: Number((product / peerRate).toFixed(2)),
    productVsBare: Number((product / bare).toFixed(2)),
    peerVsBare: Number((peerRate / bare).toFixed(2)),
  });

  if (args.steady) {
    const sustainable: Record<string, number> = {};
    for (const target of ['product', 'peer'] as const) {
      sustainable[target] = 0;
      for (const rate of STEADY_RATES) {
        const claims = rate * STEADY_SECONDS;
        // Every claim deals: the pool is as large as the load.
        const result = await offer(target, claims, claims, STEADY_SECONDS, { warm: true });
        const held = result.p99 <= P99_GOAL && result.statuses['201'] === claims;
        print({
          name: 'claims-steady',
          database,
          server: target,
          rate,
          unit: 'ms',
          p50: result.p50,
          p99: result.p99,
          statuses: result.statuses,
        });
        if (!held) break;
        sustainable[target] = rate;
      }
    }
    print({
      name: 'claims-sustainable-rate',
      database,
      unit: 'claims/s',
      p99GoalMs: P99_GOAL,
      ...sustainable,
      productVsPeer: sustainable.peer ? Number((sustainable.product! / sustainable.peer).toFixed(2)) : null,
    });
  }

  await peer.close();
  await bench.close();
}
