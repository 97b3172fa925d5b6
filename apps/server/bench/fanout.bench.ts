// Benchmark: one game's balls fanned out to thousands of viewers on one process, beside a plain
// `ws` broadcast server measured in the same run (the machine is shared and noisy: only the
// ratio means much). Prints one JSON line per figure; docs/performance.md explains them.
//
//   npx tsx bench/fanout.bench.ts [--clients 10000] [--seconds 60] [--rounds 1]
//     [--targets socket.io,ws] [--generators N] [--interval 2000]
//
// The server under test and the baseline each run in a child process (bench/fanout/app-server.ts,
// bench/fanout/ws-server.ts); the viewers run in `--generators` other processes
// (bench/fanout/load.mjs), each from its own loopback address (127.0.0.2, .3, ...), since one
// source address has about 28 000 ports and one process about 20 000 open files.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ProbeRequest, ServerMeasure } from './fanout/probe';
import {
  aggregateReports,
  closeLoads,
  forkLoads,
  loadReports,
  loadsConnected,
  nextMessage,
  quantile,
} from './fanout/viewers';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '1' },
    targets: { type: 'string', default: 'socket.io,ws' },
    generators: { type: 'string' },
    interval: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '50' },
    // A folder: the servers under test write a V8 CPU profile of the measured window there
    // (<target>-<round>.cpuprofile; open it in Chrome DevTools).
    'cpu-prof': { type: 'string' },
  },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const INTERVAL_MS = Number(args.interval);
const GENERATORS = Number(args.generators ?? Math.max(2, Math.ceil(CLIENTS / 2500)));
const targets = args.targets.split(',') as ('socket.io' | 'ws')[];

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const SERVERS = { 'socket.io': here('./fanout/app-server.ts'), ws: here('./fanout/ws-server.ts') };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let requestId = 0;
async function ask<T>(server: ChildProcess, type: ProbeRequest['type'], payload?: unknown): Promise<T> {
  const id = ++requestId;
  const answer = nextMessage<{ value: T }>(server, (m) => (m as { id?: number }).id === id);
  server.send({ id, type, payload } satisfies ProbeRequest);
  return (await answer).value;
}

const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

interface RunResult {
  target: string;
  deliveriesPerSecond: number;
  p99: number;
  kbPerConnection: number;
}

async function run(
  target: 'socket.io' | 'ws',
  round: number,
  sample: unknown,
): Promise<RunResult & { sample: unknown }> {
  const server = fork(SERVERS[target], [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, BALL_INTERVAL_MS: String(INTERVAL_MS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const loads: ChildProcess[] = [];
  try {
    const { ready } = await nextMessage<{ ready: { url: string; gameUuid: string; database: string } }>(
      server,
      (m) => Boolean((m as { ready?: unknown }).ready),
    );
    const before = await ask<ServerMeasure>(server, 'measure', { gc: true });

    const connectStarted = Date.now();
    loads.push(
      ...forkLoads(
        CLIENTS,
        Array.from({ length: GENERATORS }, (_, i) => `127.0.0.${2 + i}`),
        { mode: target, url: ready.url, gameUuid: ready.gameUuid, concurrency: Number(args.concurrency) },
      ),
    );
    const { viewers, failed, firstError } = await loadsConnected(loads);
    const connectSeconds = (Date.now() - connectStarted) / 1000;
    const afterConnect = await ask<ServerMeasure>(server, 'measure', { gc: true });

    await ask(server, 'start', sample);
    if (args['cpu-prof']) await ask(server, 'profile-start');
    const windowStart = await ask<ServerMeasure>(server, 'measure');
    await sleep(SECONDS * 1000);
    const windowEnd = await ask<ServerMeasure>(server, 'measure');
    if (args['cpu-prof']) {
      await mkdir(args['cpu-prof'], { recursive: true });
      await ask(server, 'profile-stop', path.resolve(args['cpu-prof'], `${target}-${round}.cpuprofile`));
    }
    const expectedLastSeq = await ask<number>(server, 'last-seq');
    // Time for the last ball to arrive everywhere before the viewers report.
    await sleep(Math.min(INTERVAL_MS, 3000));
    const reports = await loadReports(loads, expectedLastSeq);
    const { latencies, balls, burstRates, fanOutRates } = aggregateReports(reports);
    const deliveries = latencies.length;
    const windowSeconds = (windowEnd.at - windowStart.at) / 1000;
    const deliveriesPerSecond = Math.round(quantile(burstRates, 0.5));
    const p99 = quantile(latencies, 0.99);
    const kbPerConnection = Number(((afterConnect.rss - before.rss) / viewers / 1024).toFixed(1));
    const common = { target, round, clients: viewers };
    print({
      name: 'fanout-connect',
      ...common,
      unit: 's',
      value: connectSeconds,
      failed,
      firstError,
    });
    print({
      name: 'fanout-deliveries-per-second',
      ...common,
      unit: 'deliveries/s',
      value: deliveriesPerSecond,
      // Over the whole window (bounded by the ball rate: clients / interval when all is well).
      fromFirstReceipt: Math.round(quantile(fanOutRates, 0.5)),
      sustained: Math.round(deliveries / windowSeconds),
      balls: balls.size,
      deliveries,
      expected: balls.size * viewers,
    });
    print({
      name: 'fanout-ball-latency',
      ...common,
      unit: 'ms',
      n: latencies.length,
      p50: quantile(latencies, 0.5),
      p99,
      max: latencies.at(-1) ?? NaN,
    });
    print({
      name: 'fanout-missing',
      ...common,
      clientsWithGap: reports.reduce((sum, r) => sum + r.clientsWithGap, 0),
      clientsBehind: reports.reduce((sum, r) => sum + r.clientsBehind, 0),
      disconnects: reports.reduce((sum, r) => sum + r.disconnects, 0),
      lastSeq: expectedLastSeq,
    });
    print({
      name: 'fanout-server-cpu',
      ...common,
      unit: '% of a core',
      value: Math.round(
        ((windowEnd.cpuMicros - windowStart.cpuMicros) / 1000 / (windowEnd.at - windowStart.at)) * 100,
      ),
      eventLoopLagP99Ms: windowEnd.lagP99,
      eventLoopLagMaxMs: windowEnd.lagMax,
    });
    print({
      name: 'fanout-server-memory-per-connection',
      ...common,
      unit: 'KB',
      value: kbPerConnection,
      heapKB: Number(((afterConnect.heapUsed - before.heapUsed) / viewers / 1024).toFixed(1)),
      rssBeforeMB: Math.round(before.rss / 2 ** 20),
      heapBeforeMB: Math.round(before.heapUsed / 2 ** 20),
      // Memory outside the JS heap (PGlite's WebAssembly memory is most of it for the app).
      externalBeforeMB: Math.round(before.external / 2 ** 20),
      rssAfterMB: Math.round(afterConnect.rss / 2 ** 20),
    });
    return {
      target,
      deliveriesPerSecond,
      p99,
      kbPerConnection,
      sample: reports.find((r) => r.sample)?.sample,
    };
  } finally {
    await closeLoads(loads);
    if (server.connected) await ask(server, 'close').catch(() => {});
    // A moment to exit on its own (a CPU profile is written at exit), then the hard way.
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.exitCode === null && !(await Promise.race([exited, sleep(10_000).then(() => false)])))
      server.kill();
  }
}

// A ball message of the shape the app sends, for a baseline run before any app run.
let sample: unknown = {
  gameUuid: '00000000-0000-4000-8000-000000000000',
  seq: 0,
  at: 0,
  event: { type: 'ball-called', at: 0, ball: 1 },
  view: {},
};
const results: RunResult[] = [];
for (let round = 1; round <= Number(args.rounds); round++) {
  for (const target of targets) {
    const result = await run(target, round, sample);
    if (target === 'socket.io' && result.sample) sample = result.sample;
    results.push(result);
  }
}

const mean = (list: number[]) => list.reduce((sum, x) => sum + x, 0) / list.length;
const of = (target: string) => results.filter((r) => r.target === target);
if (of('socket.io').length && of('ws').length) {
  const ours = of('socket.io');
  const base = of('ws');
  const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
  print({
    name: 'fanout-vs-ws',
    clients: CLIENTS,
    seconds: SECONDS,
    deliveryRateRatio: ratio(
      mean(ours.map((r) => r.deliveriesPerSecond)),
      mean(base.map((r) => r.deliveriesPerSecond)),
    ),
    p99Ratio: ratio(mean(ours.map((r) => r.p99)), mean(base.map((r) => r.p99))),
    memoryRatio: ratio(mean(ours.map((r) => r.kbPerConnection)), mean(base.map((r) => r.kbPerConnection))),
  });
}
