// Benchmark: one game's balls fanned out to thousands of viewers on one process, beside a plain
// `ws` broadcast server measured in the same run (the machine is shared and noisy: only the
// ratio means much). Prints one JSON line per figure; docs/performance.md explains them.
//
//   npx tsx bench/fanout.bench.ts [--clients 10000] [--seconds 60] [--rounds 1]
//     [--targets socket.io,ws,bare-socket.io] [--generators N] [--interval 2000]
//
// Targets: `socket.io` is the app; `ws` a plain `ws` broadcast server; `bare-socket.io` bare
// Socket.IO answering the same joins with the app's own join answer of this run (the yardstick of
// the green-room rush: how long connecting and joining every viewer takes); `socket.io-direct`
// (a prototype, not in the default targets) is the app with its balls written past Socket.IO's
// broadcast, straight to each viewer's WebSocket (bench/fanout/app-server.ts): what the app would
// gain by replacing that part.
//
// Chat under load: `--chat-per-second 50` has the game's ticket holders chat (POST /api/chat, as
// the app) in every other stretch of `--chat-phase-seconds` of the window, and compares the balls
// of the chat stretches with the quiet ones. Reconnect storm: `--storm` has every viewer drop its
// connection, spread evenly over `--storm-seconds`, and come back as the web app does, while the
// balls keep coming. Both measure the app alone (the quiet stretches are the chat's baseline).
//
// The server under test and the baselines each run in a child process (bench/fanout/app-server.ts,
// bench/fanout/ws-server.ts); the viewers run in `--generators` other processes
// (bench/fanout/load.mjs), each from its own loopback address (127.0.0.2, .3, ...), since one
// source address has about 28 000 ports and one process about 20 000 open files.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { ServerMeasure } from './fanout/probe';
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
  type Ball,
  type LoadReport,
} from './fanout/viewers';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '1' },
    targets: { type: 'string' },
    generators: { type: 'string' },
    interval: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '50' },
    // A folder: the servers under test write a V8 CPU profile of the measured window there
    // (<target>-<round>.cpuprofile; open it in Chrome DevTools).
    'cpu-prof': { type: 'string' },
    'chat-per-second': { type: 'string', default: '0' },
    'chat-phase-seconds': { type: 'string', default: '10' },
    storm: { type: 'boolean', default: false },
    'storm-seconds': { type: 'string', default: '10' },
    // How long to wait for every viewer to be back before reporting the ones that are not.
    'storm-timeout': { type: 'string', default: '300' },
    // The app's viewers: socket.io-client as the web app (`client`), or the same protocol over a
    // bare `ws` socket (`raw`, bench/fanout/load.mjs), as light per message as the baseline's.
    viewer: { type: 'string', default: 'client' },
  },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const INTERVAL_MS = Number(args.interval);
const GENERATORS = Number(args.generators ?? Math.max(2, Math.ceil(CLIENTS / 2500)));
const CHAT_PER_SECOND = Number(args['chat-per-second']);
const STORM = args.storm;
// The chat and the storm are the app's own paths: the plain `ws` baseline has neither.
type Target = 'socket.io' | 'socket.io-direct' | 'ws' | 'bare-socket.io';
const targets = (
  args.targets ?? (CHAT_PER_SECOND || STORM ? 'socket.io' : 'socket.io,ws,bare-socket.io')
).split(',') as Target[];

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const SERVERS: Record<Target, string> = {
  'socket.io': here('./fanout/app-server.ts'),
  'socket.io-direct': here('./fanout/app-server.ts'),
  ws: here('./fanout/ws-server.ts'),
  'bare-socket.io': here('./fanout/socket-io-server.ts'),
};
const CHAT_SENDER = new URL('./support/chat-sender.mjs', import.meta.url);

interface Ready {
  url: string;
  gameUuid: string;
  roomUuid: string;
  tokens: string[];
  database: string;
}

interface ChatCounts {
  sent: number;
  accepted: number;
  failed: number;
  firstFailure: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));
/** A quantile of a histogram given as [value, count] pairs. */
function histogramQuantile(pairs: [number, number][], q: number): number {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  let seen = 0;
  for (const [value, n] of sorted) if ((seen += n) > Math.floor(q * total)) return value;
  return NaN;
}

interface ChatPhase {
  chat: boolean;
  from: number;
  to: number;
}

/**
 * The measured window with chat in every other stretch (quiet first: the chat opens with the
 * green room), sent by the game's ticket holders from a thread of this process.
 */
async function alternateChat(ready: Ready): Promise<{ phases: ChatPhase[]; counts: ChatCounts }> {
  const sender = new Worker(CHAT_SENDER, {
    workerData: {
      base: ready.url,
      tokens: ready.tokens,
      gameUuid: ready.gameUuid,
      roomUuid: ready.roomUuid,
      perSecond: CHAT_PER_SECOND,
      paused: true,
    },
  });
  let counts: ChatCounts = { sent: 0, accepted: 0, failed: 0, firstFailure: null };
  sender.on('message', (latest: ChatCounts) => (counts = latest));
  const phases: ChatPhase[] = [];
  const end = Date.now() + SECONDS * 1000;
  for (let chat = false; Date.now() < end; chat = !chat) {
    const from = Date.now();
    sender.postMessage(chat ? 'resume' : 'pause');
    await sleep(Math.min(Number(args['chat-phase-seconds']) * 1000, end - from));
    phases.push({ chat, from, to: Date.now() });
  }
  const exited = new Promise((resolve) => sender.once('exit', resolve));
  sender.postMessage('stop');
  await exited;
  return { phases, counts };
}

interface RunResult {
  target: string;
  connectSeconds: number;
  deliveriesPerSecond: number;
  p99: number;
  kbPerConnection: number;
}

async function run(
  target: Target,
  round: number,
  sample: unknown,
  joinAnswer: unknown,
): Promise<RunResult & { sample: unknown; joinAnswer: unknown }> {
  const server = fork(SERVERS[target], [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      BALL_INTERVAL_MS: String(INTERVAL_MS),
      ...(joinAnswer ? { JOIN_ANSWER: JSON.stringify(joinAnswer) } : {}),
      ...(target === 'socket.io-direct' ? { FANOUT_PROTOTYPE: 'direct-broadcast' } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const loads: ChildProcess[] = [];
  try {
    const { ready } = await nextMessage<{ ready: Ready }>(server, (m) =>
      Boolean((m as { ready?: unknown }).ready),
    );
    const before = await ask<ServerMeasure>(server, 'measure', { gc: true });

    if (args['cpu-prof']) await ask(server, 'profile-start');
    const connectStarted = Date.now();
    loads.push(
      ...forkLoads(
        CLIENTS,
        Array.from({ length: GENERATORS }, (_, i) => `127.0.0.${2 + i}`),
        {
          mode: target === 'ws' ? 'ws' : 'socket.io',
          viewer: STORM ? 'client' : (args.viewer as 'client' | 'raw'),
          url: ready.url,
          gameUuid: ready.gameUuid,
          concurrency: Number(args.concurrency),
          reconnect: STORM,
        },
      ),
    );
    const { viewers, failed, firstError, joinAnswer: firstJoinAnswer } = await loadsConnected(loads);
    const connectSeconds = (Date.now() - connectStarted) / 1000;
    if (args['cpu-prof']) await stopProfile(server, `${target}-${round}-joins`);
    const afterConnect = await ask<ServerMeasure>(server, 'measure', { gc: true });

    await ask(server, 'start', sample);
    if (args['cpu-prof']) await ask(server, 'profile-start');
    // The storm's window is the storm itself, once a few balls have come.
    if (STORM) await sleep(SECONDS * 1000);
    const windowStart = await ask<ServerMeasure>(server, 'measure');
    const chat = CHAT_PER_SECOND ? await alternateChat(ready) : undefined;
    const storm = STORM
      ? await reconnectStorm(loads, {
          seconds: Number(args['storm-seconds']),
          timeoutMs: Number(args['storm-timeout']) * 1000,
        })
      : undefined;
    if (!chat && !storm) await sleep(SECONDS * 1000);
    const windowEnd = await ask<ServerMeasure>(server, 'measure');
    // A few more balls after the storm: the viewers' seqs must go on from where they are.
    if (storm) await sleep(2 * INTERVAL_MS);
    if (args['cpu-prof']) await stopProfile(server, `${target}-${round}`);
    const expectedLastSeq = await ask<number>(server, 'last-seq');
    // Time for the last ball to arrive everywhere before the viewers report.
    await sleep(Math.min(INTERVAL_MS, 3000));
    const reports = await loadReports(loads, expectedLastSeq, chat?.counts.accepted);
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
    if (chat) printChat(common, chat, [...balls.values()], reports);
    if (storm) printStorm(common, storm, windowEnd, reports);
    return {
      target,
      connectSeconds,
      deliveriesPerSecond,
      p99,
      kbPerConnection,
      sample: reports.find((r) => r.sample)?.sample,
      joinAnswer: firstJoinAnswer,
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

/** Writes the CPU profile the server took since profile-start to <cpu-prof>/<name>.cpuprofile. */
async function stopProfile(server: ChildProcess, name: string): Promise<void> {
  await mkdir(args['cpu-prof']!, { recursive: true });
  await ask(server, 'profile-stop', path.resolve(args['cpu-prof']!, `${name}.cpuprofile`));
}

function printChat(
  common: Record<string, unknown>,
  { phases, counts }: { phases: ChatPhase[]; counts: ChatCounts },
  balls: Ball[],
  reports: LoadReport[],
): void {
  // Each ball by the stretch its server time fell in.
  const during = (chat: boolean) =>
    balls.filter((ball) => phases.some((p) => p.chat === chat && ball.at >= p.from && ball.at < p.to));
  const latency = (chat: boolean) => {
    const those = during(chat);
    const sorted = those.flatMap((ball) => ball.latencies).sort((a, b) => a - b);
    const line = {
      name: 'fanout-chat-ball-latency',
      ...common,
      chat: chat ? `${CHAT_PER_SECOND}/s` : 'off',
      unit: 'ms',
      balls: those.length,
      n: sorted.length,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      max: sorted.at(-1) ?? NaN,
    };
    print(line);
    return line;
  };
  const off = latency(false);
  const on = latency(true);
  print({
    name: 'fanout-chat-vs-off',
    ...common,
    chatPerSecond: CHAT_PER_SECOND,
    p50Ratio: Number((on.p50 / off.p50).toFixed(2)),
    p99Ratio: Number((on.p99 / off.p99).toFixed(2)),
    goal: 'p99Ratio <= 1.2',
  });
  const chatLatencies = reports.flatMap((r) => r.chatLatencies);
  const chatSeconds = phases.filter((p) => p.chat).reduce((sum, p) => sum + (p.to - p.from) / 1000, 0);
  print({
    name: 'fanout-chat-delivery',
    ...common,
    unit: 'ms',
    n: chatLatencies.reduce((sum, [, n]) => sum + n, 0),
    p50: histogramQuantile(chatLatencies, 0.5),
    p99: histogramQuantile(chatLatencies, 0.99),
    max: Math.max(...chatLatencies.map(([ms]) => ms)),
    sent: counts.sent,
    accepted: counts.accepted,
    failed: counts.failed,
    firstFailure: counts.firstFailure,
    acceptedPerSecond: Number((counts.accepted / chatSeconds).toFixed(1)),
  });
  print({
    name: 'fanout-chat-missing',
    ...common,
    clientsWithChatGap: reports.reduce((sum, r) => sum + r.clientsWithChatGap, 0),
    clientsBehindOnChat: reports.reduce((sum, r) => sum + r.clientsBehindOnChat, 0),
    lastChatSeq: counts.accepted,
  });
}

function printStorm(
  common: Record<string, unknown>,
  { started, allCaughtUp: allBack }: { started: number; allCaughtUp: boolean },
  measure: ServerMeasure,
  reports: LoadReport[],
): void {
  const sum = (pick: (storm: LoadReport['storm']) => number) =>
    reports.reduce((total, r) => total + pick(r.storm), 0);
  const dropped = sum((s) => s.dropped);
  const resumed = sum((s) => s.resumedWithoutGap);
  print({
    name: 'storm-resumed-without-gap',
    ...common,
    unit: '%',
    value: Number(((resumed / dropped) * 100).toFixed(2)),
    dropped,
    back: sum((s) => s.back),
    resumedWithoutGap: resumed,
    // Of those back, how many Socket.IO's connection-state recovery restored (the rest rejoined).
    recovered: sum((s) => s.recovered),
    joinRetries: sum((s) => s.joinRetries),
    goal: '>= 99',
  });
  print({
    name: 'storm-all-back',
    ...common,
    unit: 's',
    value: allBack ? (Math.max(...reports.map((r) => r.storm.lastBackAt)) - started) / 1000 : null,
    allBack,
    stormSeconds: Number(args['storm-seconds']),
  });
  print({
    name: 'storm-event-loop-lag',
    ...common,
    unit: 'ms',
    p50: measure.lagP50,
    p99: measure.lagP99,
    max: measure.lagMax,
    goal: 'p99 < 200',
  });
}

// A ball message of the shape the app sends, for a baseline run before any app run.
let sample: unknown = {
  gameUuid: '00000000-0000-4000-8000-000000000000',
  seq: 0,
  at: 0,
  event: { type: 'ball-called', at: 0, ball: 1 },
  view: {},
};
// The app's answer to a join, for the bare Socket.IO baseline to answer with (once the app ran).
let joinAnswer: unknown;
const results: RunResult[] = [];
for (let round = 1; round <= Number(args.rounds); round++) {
  for (const target of targets) {
    const result = await run(target, round, sample, joinAnswer);
    if (target === 'socket.io') {
      sample = result.sample ?? sample;
      joinAnswer = result.joinAnswer ?? joinAnswer;
    }
    results.push(result);
  }
}

const mean = (list: number[]) => list.reduce((sum, x) => sum + x, 0) / list.length;
const of = (target: string) => results.filter((r) => r.target === target);
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
for (const [app, baseline] of [
  ['socket.io', 'ws'],
  ['socket.io', 'bare-socket.io'],
  ['socket.io-direct', 'ws'],
  ['socket.io-direct', 'socket.io'],
]) {
  const ours = of(app!);
  const base = of(baseline!);
  if (!ours.length || !base.length) continue;
  // A figure of the app's runs over the same figure of the baseline's (means over the rounds).
  const vs = (pick: (r: RunResult) => number) => ratio(mean(ours.map(pick)), mean(base.map(pick)));
  print({
    name: app === 'socket.io' ? `fanout-vs-${baseline}` : `fanout-${app}-vs-${baseline}`,
    clients: CLIENTS,
    seconds: SECONDS,
    // Time to connect and join every viewer (lower is better).
    connectRatio: vs((r) => r.connectSeconds),
    deliveryRateRatio: vs((r) => r.deliveriesPerSecond),
    p99Ratio: vs((r) => r.p99),
    memoryRatio: vs((r) => r.kbPerConnection),
  });
}
