// Benchmark: one game's balls fanned out to thousands of viewers through nginx, by `--processes`
// server processes (scripts/cluster.mjs) against one process behind the same nginx, measured in
// the same run. Both on PostgreSQL with the Redis adapter, so only the process count differs.
// Prints one JSON line per figure; docs/performance.md ("Cluster") explains them.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
//     npx tsx bench/cluster.bench.ts [--clients 2000] [--seconds 20] [--processes 2] [--rounds 1]
//     [--targets cluster,single] [--generators N] [--interval 2000] [--concurrency 20] [--joins-per-second 80]
//
// Each target is test/support/cluster.ts's TestCluster: a scratch database, Redis keys of its
// own, the script's processes running the game. The viewers are bench/fanout/load.mjs processes,
// one per loopback source address; nginx is sticky by address, so the addresses are picked to
// spread the viewers evenly over the processes.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { games } from '../src/db/schema';
import { clusterUnavailable, TestCluster } from '../test/support/cluster';
import { fanoutTimings } from './support/bench-app';
import { connectionsPerServer, cpuSeconds, nginxPids, spreadAddresses } from './support/cluster-load';
import {
  aggregateReports,
  closeLoads,
  forkLoads,
  loadReports,
  loadsConnected,
  quantile,
} from './fanout/viewers';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    processes: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '1' },
    targets: { type: 'string', default: 'cluster,single' },
    generators: { type: 'string' },
    interval: { type: 'string', default: '2000' },
    // Joins in flight per load process: each address may send 100 events a second (burst 400)
    // over all processes (DEFAULT_SOCKET_EVENT_LIMITS), and a join is one.
    concurrency: { type: 'string', default: '20' },
    // Joins a second per load process (one address each), under that address's limit of 100
    // events a second: unpaced, a fast machine's joins tripped it and the connections were closed.
    'joins-per-second': { type: 'string', default: '80' },
  },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const PROCESSES = Number(args.processes);
const INTERVAL_MS = Number(args.interval);
// At least two addresses a process, and at most 2 500 viewers an address (open files, ports).
const GENERATORS = Number(args.generators ?? Math.max(2 * PROCESSES, Math.ceil(CLIENTS / 2500)));
const targets = args.targets.split(',') as ('cluster' | 'single')[];
const TICKET_HOLDERS = 10;

const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const unavailable = clusterUnavailable();
if (unavailable) {
  print({ name: 'cluster-skipped', reason: unavailable });
  process.exit(0);
}

interface RunResult {
  target: string;
  connectSeconds: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  serverCpu: number;
}

async function run(target: 'cluster' | 'single', round: number): Promise<RunResult> {
  const processes = target === 'cluster' ? PROCESSES : 1;
  const cluster = await TestCluster.start(processes);
  let loads: ReturnType<typeof forkLoads> = [];
  try {
    const db = cluster.app.database.db;
    // The shape of bench/fanout/app-server.ts: far off until every viewer is in, ten holders.
    const { gameId, roomId } = await cluster.game({
      startsInMs: 30 * 60_000,
      maxTickets: 100,
      timings: fanoutTimings(INTERVAL_MS),
    });
    for (const holder of await cluster.players(TICKET_HOLDERS, 'Holder')) {
      const response = await fetch(`${cluster.url}/api/claim-ticket`, {
        method: 'POST',
        headers: { authorization: holder.token, 'content-type': 'application/json' },
        body: JSON.stringify({ gameUuid: gameId, roomUuid: roomId }),
      });
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`claim failed: ${response.status} ${await response.text()}`);
    }
    const addresses = await spreadAddresses(cluster, GENERATORS);

    const connectStarted = Date.now();
    loads = forkLoads(CLIENTS, addresses, {
      mode: 'socket.io',
      url: cluster.url,
      gameUuid: gameId,
      concurrency: Number(args.concurrency),
      joinsPerSecond: Number(args['joins-per-second']),
    });
    const { viewers, failed, firstError } = await loadsConnected(loads);
    const connectSeconds = (Date.now() - connectStarted) / 1000;
    const split = await connectionsPerServer(cluster.servers);

    await db
      .update(games)
      .set({ startTime: new Date(Date.now() + 1500) })
      .where(eq(games.id, gameId));
    const serverPids = cluster.servers.map((server) => server.pid);
    const nginx = await nginxPids(cluster.servers[0]!);
    const windowStart = {
      at: Date.now(),
      servers: await cpuSeconds(serverPids),
      nginx: await cpuSeconds(nginx),
    };
    await sleep(SECONDS * 1000);
    const windowEnd = {
      at: Date.now(),
      servers: await cpuSeconds(serverPids),
      nginx: await cpuSeconds(nginx),
    };
    const [game] = await db.select({ seq: games.eventSeq }).from(games).where(eq(games.id, gameId));
    const expectedLastSeq = game!.seq;
    // Time for the last ball to arrive everywhere before the viewers report.
    await sleep(Math.min(INTERVAL_MS, 3000));
    const reports = await loadReports(loads, expectedLastSeq);
    const { latencies, balls, burstRates, fanOutRates } = aggregateReports(reports);

    const windowSeconds = (windowEnd.at - windowStart.at) / 1000;
    const percentOfCore = (end: number[], start: number[]) =>
      end.map((seconds, i) => Math.round(((seconds - start[i]!) / windowSeconds) * 100));
    const serverCpu = percentOfCore(windowEnd.servers, windowStart.servers);
    const nginxCpu = percentOfCore(windowEnd.nginx, windowStart.nginx);
    const sum = (list: number[]) => list.reduce((total, x) => total + x, 0);
    const result: RunResult = {
      target,
      connectSeconds,
      deliveriesPerSecond: Math.round(quantile(burstRates, 0.5)),
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      serverCpu: sum(serverCpu),
    };
    const common = { target, round, processes, clients: viewers };
    print({
      name: 'cluster-connect',
      ...common,
      unit: 's',
      value: connectSeconds,
      failed,
      firstError,
      // nginx's connections to each process: the viewers each one holds.
      viewersPerProcess: split,
      addresses: addresses.length,
    });
    print({
      name: 'cluster-deliveries-per-second',
      ...common,
      unit: 'deliveries/s',
      value: result.deliveriesPerSecond,
      fromFirstReceipt: Math.round(quantile(fanOutRates, 0.5)),
      sustained: Math.round(latencies.length / windowSeconds),
      balls: balls.size,
      deliveries: latencies.length,
      expected: balls.size * viewers,
    });
    print({
      name: 'cluster-ball-latency',
      ...common,
      unit: 'ms',
      n: latencies.length,
      p50: result.p50,
      p99: result.p99,
      max: latencies.at(-1) ?? NaN,
    });
    print({
      name: 'cluster-missing',
      ...common,
      clientsWithGap: sum(reports.map((r) => r.clientsWithGap)),
      clientsBehind: sum(reports.map((r) => r.clientsBehind)),
      disconnects: sum(reports.map((r) => r.disconnects)),
      lastSeq: expectedLastSeq,
    });
    print({
      name: 'cluster-server-cpu',
      ...common,
      unit: '% of a core',
      value: result.serverCpu,
      perProcess: serverCpu,
      nginx: sum(nginxCpu),
      windowSeconds,
    });
    return result;
  } finally {
    await closeLoads(loads);
    await cluster.stop();
  }
}

const results: RunResult[] = [];
for (let round = 1; round <= Number(args.rounds); round++) {
  for (const target of targets) results.push(await run(target, round));
}

const mean = (list: number[]) => list.reduce((sum, x) => sum + x, 0) / list.length;
const of = (target: string) => results.filter((r) => r.target === target);
if (of('cluster').length && of('single').length) {
  const ratio = (figure: keyof Omit<RunResult, 'target'>) =>
    Number((mean(of('cluster').map((r) => r[figure])) / mean(of('single').map((r) => r[figure]))).toFixed(2));
  print({
    name: 'cluster-vs-single',
    processes: PROCESSES,
    clients: CLIENTS,
    seconds: SECONDS,
    connectRatio: ratio('connectSeconds'),
    deliveryRateRatio: ratio('deliveriesPerSecond'),
    p50Ratio: ratio('p50'),
    p99Ratio: ratio('p99'),
    serverCpuRatio: ratio('serverCpu'),
  });
}
// TestCluster leaves a few TCP sockets open after stop (its tests run under vitest, which exits
// anyway), and the bench has nothing left to wait for.
process.exit(0);
