// Benchmark (issue 42): the scale-out measured on several processes. For each count of
// `--processes` (default 1 and 4), the compiled server runs that many processes behind nginx
// (scripts/cluster.mjs, through test/support/cluster.ts's TestCluster) on PostgreSQL + Redis, and:
// - `--viewers` light viewers (bench/fanout/load.mjs's raw Socket.IO viewers, in load processes of
//   their own) watch one live game, a ball every `--interval` ms, while ticket holders chat at
//   `--chat-rate` posts a second through POST /api/chat, for `--seconds`;
// - every viewer drops at once and comes back as the app does (Socket.IO's pid and offset, and
//   `game:join` with its last seq when not recovered), timed until all are caught up; the same
//   storm on bare Socket.IO (bench/fanout/socket-io-server.ts, no app, no nginx) is the baseline,
//   and the same behind the cluster's nginx shows the hop's share;
// - a rush of `--viewers` claims from distinct players at one pool of `--pool` tickets.
// Then one JSON line per figure, each process count beside the others. docs/performance.md
// ("Scale-out") explains them. Not in `npm run bench`: a full run takes long.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
//     npx tsx bench/scale.bench.ts [--viewers 20000] [--processes 1,4] [--seconds 60]
//     [--chat-rate 50] [--skip-storm] [--skip-claims] [--interval 2000] [--pool N]
//
// Every process of the cluster gets this environment (RECOVERY_MAX_VIEWERS among it).
import { execFile, fork, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { count, eq } from 'drizzle-orm';
import { createClient } from 'redis';
import { TOKEN_CUTOFF_CACHE_MS } from '../src/auth/token-cutoffs';
import { DEFAULT_CHAT_LIMIT } from '../src/chat/chat.service';
import { games, tickets } from '../src/db/schema';
import { installedNginx, nginxArgs, writeNginxConfig } from '../../../scripts/cluster-nginx.mjs';
import { clusterUnavailable, postFrom, TestCluster } from '../test/support/cluster';
import { freePort, waitForHealth } from '../test/support/test-app';
import { fanoutTimings } from './support/bench-app';
import {
  connectionsPerServer,
  cpuSeconds,
  loopbackAddresses,
  nginxPids,
  scrapeMetrics,
  spreadAddresses,
  type ProcessMetrics,
} from './support/cluster-load';
import {
  aggregateReports,
  ask,
  closeLoads,
  forkLoads,
  loadReports,
  loadsConnected,
  nextMessage,
  quantile,
  reconnectStorm,
  type LoadReport,
} from './fanout/viewers';

const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string', default: '20000' },
    processes: { type: 'string', default: '1,4' },
    seconds: { type: 'string', default: '60' },
    'chat-rate': { type: 'string', default: '50' },
    'skip-storm': { type: 'boolean', default: false },
    'skip-claims': { type: 'boolean', default: false },
    interval: { type: 'string', default: '2000' },
    // The claim rush's pool (default a quarter of the viewers) and how long it is spread over.
    pool: { type: 'string' },
    'claims-within': { type: 'string', default: '2' },
    connections: { type: 'string', default: '256' },
    // An address's socket events are limited (400 per 4 s over all processes): a storm's rejoins
    // from one address must stay under that, so the viewers are spread over many addresses.
    'viewers-per-address': { type: 'string', default: '100' },
    // Joins a second per address at the start (under its 100 events a second) and in flight per
    // load process, as cluster.bench.ts.
    'joins-per-second': { type: 'string', default: '80' },
    concurrency: { type: 'string', default: '20' },
    generators: { type: 'string' },
    'storm-timeout': { type: 'string', default: '600' },
  },
});
const VIEWERS = Number(args.viewers);
const PROCESS_COUNTS = args.processes.split(',').map(Number);
const SECONDS = Number(args.seconds);
const CHAT_RATE = Number(args['chat-rate']);
const INTERVAL_MS = Number(args.interval);
const STORM_TIMEOUT_MS = Number(args['storm-timeout']) * 1000;
const POOL = Number(args.pool ?? Math.ceil(VIEWERS / 4));
const GENERATORS = Number(args.generators ?? Math.max(2, Math.ceil(VIEWERS / 2500)));
// Each chatter posts at most one message fewer than the chat's limit in its window.
const CHATTERS = Math.max(
  10,
  Math.ceil((CHAT_RATE * DEFAULT_CHAT_LIMIT.window) / (DEFAULT_CHAT_LIMIT.max - 1)),
);

const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));
const progress = (message: string) => console.error(`scale: ${message}`);
const round = (x: number, digits = 0) => Number(x.toFixed(digits));
const sum = (list: number[]) => list.reduce((total, x) => total + x, 0);

const unavailable = clusterUnavailable();
if (unavailable) {
  print({ name: 'scale-skipped', reason: unavailable });
  process.exit(0);
}

// A process holds a file for each of its viewers (nginx's connection to it): with fewer allowed
// (the hard limit; Node raises its own soft one to it) the fewest processes' run cannot connect all.
const openFilesAllowed = Number(
  /^Max open files\s+\S+\s+(\d+)/m.exec(await readFile('/proc/self/limits', 'utf8'))?.[1] ?? Infinity,
);
const openFilesWanted = Math.ceil(VIEWERS / Math.min(...PROCESS_COUNTS)) + 1000;
if (openFilesWanted > openFilesAllowed)
  print({
    name: 'scale-warning',
    message: `a process may open ${openFilesAllowed} files, and ${VIEWERS / Math.min(...PROCESS_COUNTS)} viewers on one need about ${openFilesWanted}: raise the hard limit first (as root: ulimit -n 65536)`,
  });

// nginx holds two files a viewer (its connection and the one to a process): enough workers that
// each stays within the limit, with a fifth to spare for an uneven spread.
process.env.NGINX_WORKERS ??= String(
  Math.max(os.availableParallelism(), Math.ceil((2 * VIEWERS * 1.2) / openFilesAllowed)),
);

const redis = createClient({ url: process.env.REDIS_URL });
redis.on('error', () => {});
await redis.connect();
/** Every command the Redis server has run (the whole server's: other users of it count too). */
const redisCommands = async () =>
  Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))?.[1] ?? NaN);

/** A stretch measured on the cluster's processes: CPU, event-loop lag, Redis commands. */
interface Stretch {
  seconds: number;
  cpuPercentPerProcess: number[];
  lagP99MsPerProcess: number[];
  lagMaxMsPerProcess: number[];
  nginxCpuPercent: number;
  /** The viewers' own load processes, in all: they share the machine's cores with the cluster. */
  viewersCpuPercent: number;
  redisCommandsPerSecond: number;
  /** Redis's largest memory in use over the stretch (sampled every 250 ms), replies waiting included. */
  redisPeakMb: number;
}

/** Starts a measured stretch (a scrape resets the processes' event-loop figures); ends it. */
async function startStretch(cluster: TestCluster, loads: ChildProcess[]): Promise<() => Promise<Stretch>> {
  const nginx = await nginxPids(cluster.servers[0]!);
  const viewerPids = loads.flatMap((load) => (load.pid ? [load.pid] : []));
  const from = {
    metrics: await scrapeMetrics(cluster.servers),
    nginx: sum(await cpuSeconds(nginx)),
    viewers: sum(await cpuSeconds(viewerPids)),
    redis: await redisCommands(),
  };
  let redisPeakBytes = 0;
  const sampleRedisMemory = async () => {
    const used = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0);
    redisPeakBytes = Math.max(redisPeakBytes, used);
  };
  await sampleRedisMemory();
  const sampler = setInterval(() => void sampleRedisMemory().catch(() => {}), 250);
  return async () => {
    clearInterval(sampler);
    await sampleRedisMemory().catch(() => {});
    const metrics = await scrapeMetrics(cluster.servers);
    const nginxSeconds = sum(await cpuSeconds(nginx));
    const viewerSeconds = sum(await cpuSeconds(viewerPids));
    const commands = await redisCommands();
    const seconds = (metrics[0]!.at - from.metrics[0]!.at) / 1000;
    const percent = (end: number, start: number) => round(((end - start) / seconds) * 100);
    return {
      seconds,
      cpuPercentPerProcess: metrics.map((m: ProcessMetrics, i) =>
        percent(m.cpuSeconds, from.metrics[i]!.cpuSeconds),
      ),
      lagP99MsPerProcess: metrics.map((m) => round(m.lagP99Ms, 1)),
      lagMaxMsPerProcess: metrics.map((m) => round(m.lagMaxMs, 1)),
      nginxCpuPercent: percent(nginxSeconds, from.nginx),
      viewersCpuPercent: percent(viewerSeconds, from.viewers),
      redisCommandsPerSecond: round((commands - from.redis) / seconds),
      redisPeakMb: round(redisPeakBytes / 2 ** 20),
    };
  };
}

interface StormResult {
  /** From the drop to the last viewer caught up; null when not all were by the timeout. */
  seconds: number | null;
  dropped: number;
  caughtUp: number;
  recovered: number;
  rejoined: number;
  joinRetries: number;
  /** Connections tried after the drop: one a viewer when each came back at its first try. */
  reconnects: number;
  /** From the drop to the last viewer connected again (caught up or not). */
  lastBackSeconds: number;
}

function stormResult(
  reports: LoadReport[],
  { started, allCaughtUp }: Awaited<ReturnType<typeof reconnectStorm>>,
): StormResult {
  const total = (pick: (storm: LoadReport['storm']) => number) => sum(reports.map((r) => pick(r.storm)));
  return {
    seconds: allCaughtUp
      ? round((Math.max(...reports.map((r) => r.storm.lastCaughtUpAt)) - started) / 1000, 2)
      : null,
    dropped: total((s) => s.dropped),
    caughtUp: total((s) => s.caughtUp),
    recovered: total((s) => s.recovered),
    rejoined: total((s) => s.rejoined),
    joinRetries: total((s) => s.joinRetries),
    reconnects: total((s) => s.reconnects),
    lastBackSeconds: round((Math.max(...reports.map((r) => r.storm.lastBackAt)) - started) / 1000, 2),
  };
}

/** The addresses dealt in turn to GENERATORS load processes (fewer when there are fewer addresses). */
const generatorGroups = (addresses: string[]) =>
  Array.from({ length: Math.min(GENERATORS, addresses.length) }, (_, g) =>
    addresses.filter((_, i) => i % GENERATORS === g),
  );

/**
 * Every viewer had every event once, in order, up to the last one before the report: none skipped
 * (a hole its rejoin filled counts apart), none twice, none behind.
 */
function exactlyOnce(reports: LoadReport[], viewers: number, failed: number, lastSeq: number) {
  const clientsWithSkip = sum(reports.map((r) => r.clientsWithSkip));
  const clientsWithDuplicate = sum(reports.map((r) => r.clientsWithDuplicate));
  const clientsBehind = sum(reports.map((r) => r.clientsBehind));
  return {
    ok: failed === 0 && clientsWithSkip === 0 && clientsWithDuplicate === 0 && clientsBehind === 0,
    viewers,
    failedToJoin: failed,
    clientsWithSkip,
    clientsWithHoleFilledByRejoin: sum(reports.map((r) => r.clientsWithHole)),
    ofThemSinceTheStorm: sum(reports.map((r) => r.clientsWithHoleSinceStorm)),
    clientsWithDuplicate,
    duplicates: sum(reports.map((r) => r.duplicates)),
    clientsBehind,
    lastSeq,
  };
}

/** The rush's load (bench/claim-load.mjs) in its own process; its JSON answer. */
async function claimLoad(options: Record<string, unknown>): Promise<string> {
  const script = fileURLToPath(new URL('./claim-load.mjs', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [script, JSON.stringify(options)], {
    maxBuffer: 1 << 24,
  });
  return stdout;
}

interface ClusterResult {
  processes: number;
  viewers: number;
  failed: number;
  firstError: string | null;
  connectSeconds: number;
  viewersPerProcess: number[];
  addresses: number;
  window: Stretch & {
    deliveriesPerSecond: number;
    sustained: number;
    balls: number;
    deliveries: number;
    p50: number;
    p99: number;
    chatSent: number;
    chatAccepted: number;
    chatFailed: number;
    chatFirstFailure: unknown;
    chatFramesPerViewerPerSecond: number;
    chatMessagesPerViewerPerSecond: number;
  };
  storm?: StormResult & { measured: Stretch; stageAfter: string };
  claims?: Record<string, unknown> & { claimsPerSecond: number };
  exactlyOnce: ReturnType<typeof exactlyOnce>;
  sample: unknown;
  joinAnswer: unknown;
}

async function runCluster(processes: number): Promise<ClusterResult> {
  progress(`${processes} process(es): starting`);
  // Errors only: the processes' output goes to this one's, beside the JSON lines.
  const cluster = await TestCluster.start(processes, { LOG_LEVEL: 'error' });
  let loads: ChildProcess[] = [];
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'ruthless-scale-'));
  try {
    const db = cluster.app.database.db;
    const { gameId, roomId } = await cluster.game({
      startsInMs: 30 * 60_000,
      maxTickets: CHATTERS,
      timings: fanoutTimings(INTERVAL_MS),
    });
    const latestSeq = async () =>
      (await db.select({ seq: games.eventSeq }).from(games).where(eq(games.id, gameId)))[0]!.seq;
    const addresses = await spreadAddresses(
      cluster,
      Math.max(2 * processes, Math.ceil(VIEWERS / Number(args['viewers-per-address']))),
    );
    // Chatter i claims and posts from address i, as a phone from its own.
    const chatters = await cluster.players(CHATTERS, 'Chatter', { registered: true });
    const claimed = await Promise.all(
      chatters.map((chatter, i) =>
        postFrom(
          addresses[i % addresses.length]!,
          `${cluster.url}/api/claim-ticket`,
          { authorization: chatter.token },
          { gameUuid: gameId, roomUuid: roomId },
        ),
      ),
    );
    const refused = claimed.find((answer) => answer.status !== 201 && answer.status !== 200);
    if (refused) throw new Error(`a chatter's claim failed: ${refused.status} ${refused.body}`);

    progress(`${processes} process(es): connecting ${VIEWERS} viewers from ${addresses.length} addresses`);
    const connectStarted = Date.now();
    loads = forkLoads(VIEWERS, generatorGroups(addresses), {
      mode: 'socket.io',
      viewer: 'raw',
      url: cluster.url,
      gameUuid: gameId,
      concurrency: Number(args.concurrency),
      joinsPerSecond: Number(args['joins-per-second']),
      reconnect: true,
    });
    const { viewers, failed, firstError, joinAnswer } = await loadsConnected(loads);
    const connectSeconds = (Date.now() - connectStarted) / 1000;
    const viewersPerProcess = await connectionsPerServer(cluster.servers);

    // The show starts now: the chat opens with its green room, the balls follow.
    await db
      .update(games)
      .set({ startTime: new Date(Date.now() + 1500) })
      .where(eq(games.id, gameId));
    const stage = async () =>
      (await db.select({ stage: games.stage }).from(games).where(eq(games.id, gameId)))[0]!.stage;
    while ((await stage()) === 'scheduled') await sleep(100);

    progress(`${processes} process(es): ${SECONDS} s of balls and chat`);
    const endWindow = await startStretch(cluster, loads);
    const chatFramesBefore = await chatCounts(loads);
    const chat = await chatFor(SECONDS, {
      base: cluster.url,
      tokens: chatters.map((chatter) => chatter.token),
      gameUuid: gameId,
      roomUuid: roomId,
      perSecond: CHAT_RATE,
      localAddresses: addresses,
    });
    const { windowStart, windowEnd } = chat;
    // The last chat batches on their way.
    await sleep(1000);
    const measured = await endWindow();
    const chatFramesAfter = await chatCounts(loads);

    let stormed:
      | { timing: Awaited<ReturnType<typeof reconnectStorm>>; measured: Stretch; stageAfter: string }
      | undefined;
    if (!args['skip-storm']) {
      progress(`${processes} process(es): the storm`);
      const endStorm = await startStretch(cluster, loads);
      const timing = await reconnectStorm(loads, { seconds: 0, timeoutMs: STORM_TIMEOUT_MS, latestSeq });
      stormed = { timing, measured: await endStorm(), stageAfter: await stage() };
    }
    // A few more balls: every viewer's seqs must go on from where they are.
    await sleep(2 * INTERVAL_MS);
    const lastSeq = await latestSeq();
    await sleep(Math.min(INTERVAL_MS, 3000));
    const reports = await loadReports(loads, lastSeq);
    const storm = stormed && {
      ...stormResult(reports, stormed.timing),
      measured: stormed.measured,
      stageAfter: stormed.stageAfter,
    };

    // The window's balls only (the storm's are replays and rejoins).
    const windowBalls = reports.map((report) => ({
      ...report,
      perSeq: report.perSeq.filter((ball) => ball.at >= windowStart && ball.at <= windowEnd),
    }));
    const { latencies, balls, burstRates } = aggregateReports(windowBalls);
    const chatSeconds = (windowEnd - windowStart) / 1000;
    const result: ClusterResult = {
      processes,
      viewers,
      failed,
      firstError,
      connectSeconds,
      viewersPerProcess,
      addresses: addresses.length,
      window: {
        ...measured,
        deliveriesPerSecond: Math.round(quantile(burstRates, 0.5)),
        sustained: Math.round(latencies.length / chatSeconds),
        balls: balls.size,
        deliveries: latencies.length,
        p50: quantile(latencies, 0.5),
        p99: quantile(latencies, 0.99),
        chatSent: chat.sent,
        chatAccepted: chat.accepted,
        chatFailed: chat.failed,
        chatFirstFailure: chat.firstFailure,
        chatFramesPerViewerPerSecond: round(
          (chatFramesAfter.chatFrames - chatFramesBefore.chatFrames) / viewers / chatSeconds,
          2,
        ),
        chatMessagesPerViewerPerSecond: round(
          (chatFramesAfter.chatMessages - chatFramesBefore.chatMessages) / viewers / chatSeconds,
          2,
        ),
      },
      storm,
      exactlyOnce: exactlyOnce(reports, viewers, failed, lastSeq),
      sample: reports.find((report) => report.sample)?.sample,
      joinAnswer,
    };
    await closeLoads(loads);
    loads = [];

    if (!args['skip-claims']) {
      progress(`${processes} process(es): a rush of ${VIEWERS} claims at a pool of ${POOL}`);
      result.claims = await claimRush(cluster, addresses, scratch);
    }
    return result;
  } finally {
    await closeLoads(loads);
    await cluster.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Chat and ball frames seen so far by every viewer of the load processes. */
async function chatCounts(loads: ChildProcess[]) {
  const counts = await Promise.all(
    loads.map((load) => {
      const answer = nextMessage<{ chatFrames: number; chatMessages: number }>(
        load,
        (m) => (m as { type?: string }).type === 'counts',
      );
      load.send({ type: 'counts' });
      return answer;
    }),
  );
  return {
    chatFrames: sum(counts.map((c) => c.chatFrames)),
    chatMessages: sum(counts.map((c) => c.chatMessages)),
  };
}

/**
 * The chatters (bench/support/chat-sender.mjs on a thread) for `seconds` from their first post;
 * their counts and the stretch they chatted.
 */
async function chatFor(seconds: number, workerData: Record<string, unknown>) {
  const sender = new Worker(new URL('./support/chat-sender.mjs', import.meta.url), { workerData });
  let counts = { sent: 0, accepted: 0, failed: 0, firstFailure: null as unknown };
  const started = new Promise((resolve) => sender.once('message', resolve));
  sender.on('message', (latest: typeof counts) => (counts = latest));
  await started;
  const windowStart = Date.now();
  await sleep(seconds * 1000);
  const windowEnd = Date.now();
  const exited = new Promise((resolve) => sender.once('exit', resolve));
  sender.postMessage('stop');
  await exited;
  return { ...counts, windowStart, windowEnd };
}

/** `VIEWERS` distinct players claim at one pool through nginx, from the viewers' addresses. */
async function claimRush(cluster: TestCluster, addresses: string[], scratch: string) {
  const db = cluster.app.database.db;
  const { gameId, roomId } = await cluster.game({ startsInMs: 3_600_000, maxTickets: POOL });
  const players = await cluster.players(VIEWERS, 'Rush', { registered: true });
  const tokensFile = path.join(scratch, 'rush-tokens.txt');
  await writeFile(tokensFile, players.map((player) => player.token).join('\n'));
  const connections = Number(args.connections);
  // As claims.bench.ts: the players have the purchase page open, and their token cut-offs are
  // read again at the rush (their cache is brief).
  await claimLoad({
    warmUrl: `${cluster.url}/api/purchases?unFinishedGames=true`,
    tokensFile,
    connections,
    localAddresses: addresses,
  });
  await sleep(TOKEN_CUTOFF_CACHE_MS + 500);
  const rush = JSON.parse(
    await claimLoad({
      url: `${cluster.url}/api/claim-ticket`,
      tokensFile,
      body: { gameUuid: gameId, roomUuid: roomId },
      withinSeconds: Number(args['claims-within']),
      connections,
      localAddresses: addresses,
    }),
  ) as { statuses: Record<string, number>; seconds: number; p50: number; p99: number; max: number };
  const [dealt] = await db.select({ n: count() }).from(tickets).where(eq(tickets.gameId, gameId));
  const [left] = await db.select({ n: games.ticketsAvailable }).from(games).where(eq(games.id, gameId));
  return {
    // All answered over the time from the first claim's scheduled time to the last answer: at most
    // the offered rate (the claims over `--claims-within`), less when the processes fall behind.
    claimsPerSecond: Math.round(VIEWERS / rush.seconds),
    offeredPerSecond: Math.round(VIEWERS / Number(args['claims-within'])),
    seconds: round(rush.seconds, 2),
    statuses: rush.statuses,
    ticketsDealt: dealt!.n,
    ticketsLeft: left!.n,
    // Never more nor fewer than the pool.
    exact: dealt!.n === Math.min(POOL, VIEWERS) && left!.n === Math.max(0, POOL - VIEWERS),
    p50: rush.p50,
    p99: rush.p99,
    max: rush.max,
  };
}

/**
 * The storm's baseline: the same viewers and storm on bare Socket.IO, no app; with `behindNginx`,
 * through the cluster's nginx (scripts/cluster-nginx.mjs) as the app's viewers are, so the hop's
 * share of the app's storm is seen apart from the app's own.
 */
async function runBareStorm(
  sample: unknown,
  joinAnswer: unknown,
  { behindNginx }: { behindNginx: boolean },
): Promise<StormResult> {
  progress(`bare Socket.IO${behindNginx ? ' behind nginx' : ''}: the storm`);
  const server = fork(fileURLToPath(new URL('./fanout/socket-io-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BALL_INTERVAL_MS: String(INTERVAL_MS),
      ...(joinAnswer ? { JOIN_ANSWER: JSON.stringify(joinAnswer) } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let loads: ChildProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    const { ready } = await nextMessage<{ ready: { url: string; gameUuid: string } }>(server, (m) =>
      Boolean((m as { ready?: unknown }).ready),
    );
    if (behindNginx) proxy = await startNginx(Number(new URL(ready.url).port));
    const addresses = loopbackAddresses(Math.ceil(VIEWERS / Number(args['viewers-per-address'])));
    loads = forkLoads(VIEWERS, generatorGroups(addresses), {
      mode: 'socket.io',
      viewer: 'raw',
      url: proxy?.url ?? ready.url,
      gameUuid: ready.gameUuid,
      concurrency: Number(args.concurrency),
      reconnect: true,
    });
    await loadsConnected(loads);
    await ask(server, 'start', sample);
    await sleep(2 * INTERVAL_MS + 500);
    const timing = await reconnectStorm(loads, {
      seconds: 0,
      timeoutMs: STORM_TIMEOUT_MS,
      latestSeq: () => ask<number>(server, 'last-seq'),
    });
    const reports = await loadReports(loads, await ask<number>(server, 'last-seq'));
    return stormResult(reports, timing);
  } finally {
    await closeLoads(loads);
    if (server.connected) await ask(server, 'close').catch(() => {});
    if (server.exitCode === null) server.kill();
    await proxy?.stop();
  }
}

/** The cluster's nginx in front of one port, on a free port of its own, until `stop`. */
async function startNginx(upstreamPort: number) {
  // The cluster's run before installed it if it was missing.
  const nginx = installedNginx();
  if (!nginx) throw new Error('nginx is missing');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-scale-nginx-'));
  // Its workers run as nobody when we are root: they must reach their temp folders.
  await chmod(dir, 0o755);
  const port = await freePort();
  const refused = await writeNginxConfig({
    nginx,
    dir,
    listen: `127.0.0.1:${port}`,
    ports: [upstreamPort],
    workers: process.env.NGINX_WORKERS,
  });
  if (refused) throw new Error(`nginx refused its configuration: ${refused}`);
  const child = spawn(nginx, [...nginxArgs(dir), '-g', 'daemon off;'], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  // Up once it answers (the bare server's 404 through it).
  await waitForHealth(url, 10_000);
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// A ball message of the app's shape, should no app run give one.
const defaultSample = {
  gameUuid: '00000000-0000-4000-8000-000000000000',
  seq: 0,
  at: 0,
  event: { type: 'ball-called', at: 0, ball: 1 },
  view: {},
};

const uptime = os.loadavg().map((load) => round(load, 1));
const results: ClusterResult[] = [];
for (const processes of PROCESS_COUNTS) {
  const result = await runCluster(processes);
  results.push(result);
  // Kept on stderr as each count ends, so a later count's failure does not lose it.
  const { sample: _sample, joinAnswer: _joinAnswer, ...figures } = result;
  progress(`${processes} process(es): ${JSON.stringify(figures)}`);
}
const bareSample = results.find((r) => r.sample)?.sample ?? defaultSample;
const bareJoinAnswer = results.find((r) => r.joinAnswer)?.joinAnswer;
const bare = args['skip-storm']
  ? undefined
  : await runBareStorm(bareSample, bareJoinAnswer, { behindNginx: false });
const bareBehindNginx = args['skip-storm']
  ? undefined
  : await runBareStorm(bareSample, bareJoinAnswer, { behindNginx: true });

// One line per figure: each process count's value beside the others', and the ratio of the
// most processes over the fewest.
const most = results.reduce((a, b) => (b.processes > a.processes ? b : a));
const fewest = results.reduce((a, b) => (b.processes < a.processes ? b : a));
const ratioName = `${most.processes}/${fewest.processes}`;
const figure = (
  name: string,
  unit: string,
  pick: (result: ClusterResult) => Record<string, unknown> | undefined,
  ratioOf?: (result: ClusterResult) => number | null | undefined,
) => {
  const byProcesses = Object.fromEntries(results.map((result) => [result.processes, pick(result)]));
  const ratio =
    ratioOf && results.length > 1 && ratioOf(most) != null && ratioOf(fewest)
      ? round(ratioOf(most)! / ratioOf(fewest)!, 2)
      : undefined;
  print({
    name,
    unit,
    viewers: VIEWERS,
    byProcesses,
    ...(ratio === undefined ? {} : { ratio: { [ratioName]: ratio } }),
  });
};

figure(
  'scale-connect',
  's',
  (r) => ({
    value: r.connectSeconds,
    viewers: r.viewers,
    failed: r.failed,
    firstError: r.firstError,
    viewersPerProcess: r.viewersPerProcess,
    addresses: r.addresses,
  }),
  (r) => r.connectSeconds,
);
figure(
  'scale-deliveries-per-second',
  'deliveries/s',
  (r) => ({
    value: r.window.deliveriesPerSecond,
    sustained: r.window.sustained,
    balls: r.window.balls,
    deliveries: r.window.deliveries,
    expected: r.window.balls * r.viewers,
  }),
  (r) => r.window.deliveriesPerSecond,
);
figure(
  'scale-ball-latency',
  'ms',
  (r) => ({ p50: r.window.p50, p99: r.window.p99 }),
  (r) => r.window.p99,
);
figure(
  'scale-chat-frames-per-viewer-per-second',
  'frames/s',
  (r) => ({
    value: r.window.chatFramesPerViewerPerSecond,
    messagesPerViewerPerSecond: r.window.chatMessagesPerViewerPerSecond,
    sent: r.window.chatSent,
    accepted: r.window.chatAccepted,
    failed: r.window.chatFailed,
    firstFailure: r.window.chatFirstFailure,
    chatRate: CHAT_RATE,
    chatters: CHATTERS,
  }),
  (r) => r.window.chatFramesPerViewerPerSecond,
);
figure(
  'scale-cpu-per-process',
  '% of a core',
  (r) => ({
    perProcess: r.window.cpuPercentPerProcess,
    total: sum(r.window.cpuPercentPerProcess),
    nginx: r.window.nginxCpuPercent,
    viewers: r.window.viewersCpuPercent,
    windowSeconds: round(r.window.seconds, 1),
  }),
  (r) => sum(r.window.cpuPercentPerProcess),
);
figure(
  'scale-event-loop-lag-p99',
  'ms',
  (r) => ({
    perProcess: r.window.lagP99MsPerProcess,
    maxPerProcess: r.window.lagMaxMsPerProcess,
    stormPerProcess: r.storm?.measured.lagP99MsPerProcess,
  }),
  (r) => Math.max(...r.window.lagP99MsPerProcess),
);
figure(
  'scale-redis-commands-per-second',
  'commands/s',
  (r) => ({ value: r.window.redisCommandsPerSecond, storm: r.storm?.measured.redisCommandsPerSecond }),
  (r) => r.window.redisCommandsPerSecond,
);
figure(
  'scale-redis-peak-memory',
  'MB',
  (r) => ({ value: r.window.redisPeakMb, storm: r.storm?.measured.redisPeakMb }),
  (r) => r.storm?.measured.redisPeakMb ?? r.window.redisPeakMb,
);
if (bare) {
  figure(
    'scale-storm-all-caught-up',
    's',
    (r) => ({
      value: r.storm!.seconds,
      vsBareSocketIo:
        r.storm!.seconds !== null && bare.seconds ? round(r.storm!.seconds / bare.seconds, 2) : null,
      vsBareBehindNginx:
        r.storm!.seconds !== null && bareBehindNginx?.seconds
          ? round(r.storm!.seconds / bareBehindNginx.seconds, 2)
          : null,
      dropped: r.storm!.dropped,
      caughtUp: r.storm!.caughtUp,
      recovered: r.storm!.recovered,
      rejoined: r.storm!.rejoined,
      joinRetries: r.storm!.joinRetries,
      reconnects: r.storm!.reconnects,
      lastBackSeconds: r.storm!.lastBackSeconds,
      cpuPerProcess: r.storm!.measured.cpuPercentPerProcess,
      stormSeconds: round(r.storm!.measured.seconds, 1),
      // A game that ended during the storm sent no more balls to catch up with.
      stageAfter: r.storm!.stageAfter,
    }),
    (r) => r.storm!.seconds,
  );
  const { seconds, ...counts } = bare;
  print({ name: 'scale-storm-bare-socket-io', unit: 's', viewers: VIEWERS, value: seconds, ...counts });
}
if (bareBehindNginx) {
  const { seconds, ...counts } = bareBehindNginx;
  print({
    name: 'scale-storm-bare-socket-io-behind-nginx',
    unit: 's',
    viewers: VIEWERS,
    value: seconds,
    vsBareSocketIo: seconds !== null && bare?.seconds ? round(seconds / bare.seconds, 2) : null,
    ...counts,
  });
}
if (!args['skip-claims'])
  figure(
    'scale-claims-per-second',
    'claims/s',
    (r) => {
      const { claimsPerSecond, ...rest } = r.claims!;
      return { value: claimsPerSecond, ...rest, pool: POOL };
    },
    (r) => r.claims!.claimsPerSecond,
  );
figure('scale-every-ball-once', 'viewers', (r) => r.exactlyOnce);
print({
  name: 'scale-load-average',
  unit: '1/5/15 min',
  atStart: uptime,
  atEnd: os.loadavg().map((load) => round(load, 1)),
});

await redis.quit();
// TestCluster leaves a few TCP sockets open after stop (as cluster.bench.ts).
process.exit(0);
