// Capacity on paper (docs/scale.md): what one process, one 2-core machine and one show of N
// viewers need, computed from the figures measured in docs/performance.md and docs/cluster.md,
// and what it predicted for the scale-out bench's four processes beside what they measured.
// Runs nothing but arithmetic: `node scripts/capacity.mjs` prints the tables docs/scale.md shows;
// `--viewers 100000,1000000` for other audiences, `--json` for the figures as JSON.
import { parseArgs } from 'node:util';

/** The measured figures, each with where it comes from. */
export const MEASURED = {
  /** CPU to send one frame to one viewer: 44.6 ms per broadcast to 3 000 viewers (broadcast-cpu, direct frames). */
  deliveryCpuMs: 44.6 / 3000,
  /**
   * CPU a connected viewer costs besides the frames: heartbeats, timers, GC. The fan-out at 10 000
   * viewers and a ball every 2 s took 19.5 % of a core (quiet machine); the balls' share is
   * 10 000 × deliveryCpuMs / 2 s, the rest is this, per viewer and second.
   */
  steadyCpuMsPerViewerSecond: (0.195 * 1000 - (10_000 * (44.6 / 3000)) / 2) / 10_000,
  /** RSS per connection, the worst measured (fan-out, 10 000 raw viewers, quiet). */
  memoryKbPerViewer: 19.9,
  /** The server's RSS idle, 20 s after start. */
  idleRssMb: 261,
  /**
   * The most viewers one process was measured to take through a reconnect storm with every viewer
   * resuming and its event-loop lag near the goal: 10 000 (p99 243 ms for a 200 ms goal, all back
   * in 145 s). Nothing larger was measured.
   */
  stormViewersPerProcess: 10_000,
  /** Seconds for those 10 000 to be back after a 10 s storm. */
  stormAllBackSeconds: 144.7,
  /** Joins a process answered when 10 000 viewers connected at once: 10 000 in 38.7 s. */
  joinsPerSecondPerProcess: 10_000 / 38.7,
  /** nginx CPU in % of a core per 1 000 viewers (cluster bench, 10 000 viewers: 10 %; plain HTTP). */
  nginxCorePercentPer1000Viewers: 1,
  /** Viewers one nginx worker holds: 16 384 connections, two per viewer (docs/cluster.md). */
  viewersPerNginxWorker: 8_000,
  /** Claims a second through one process on PostgreSQL (claims bench, quiet machine). */
  claimsPerSecondPerProcess: 2_256,
  /** The bare guarded UPDATE on the pool's one row, same run: what the row lock lets through. */
  claimsPerSecondPerGameRow: 10_302,
  /** node-postgres pool of each process (db/database.ts). */
  postgresConnectionsPerProcess: 10,
  /**
   * CPU a viewer costs in a whole show, measured: the scale-out bench's one process with 4 000
   * viewers, a ball every 2 s and 50 chat posts a second through nginx took 39 % of a core
   * (performance.md, Scale-out, 2 Dec 2026). It holds what the model above leaves out: the
   * posts' requests, the chat feed's reads, the stream's reads, the metrics.
   */
  showCpuMsPerViewerSecond: 390 / 4000,
};

/**
 * The scale-out bench's four processes (performance.md, Scale-out, 2 Dec 2026, quiet): 4 000
 * viewers, 1 000 a process, a ball every 2 s, 50 chat posts a second, then a storm and a claim
 * rush of 4 000 at a pool of 1 000; every ball to every viewer exactly once.
 */
export const SCALE_OUT = {
  processes: 4,
  viewersPerProcess: 1000,
  ballIntervalSeconds: 2,
  measured: {
    cpuPercentPerProcess: (15 + 15 + 15 + 16) / 4,
    chatFramesPerViewerPerSecond: 1.97,
    /** Every viewer back and caught up (recovered by Socket.IO; bare Socket.IO: 2.93 s). */
    stormSeconds: 6.94,
    /** Claims answered a second (offered 2 000 a second through nginx). */
    claimsPerSecond: 1009,
  },
};

/** What the show asks, from the product's defaults. */
export const SHOW = {
  /** The game's ball interval (packages/game, ballIntervalMs). */
  ballIntervalSeconds: 4,
  /** Chat batches a second the game's runner sends (chat-feed.ts: one per 500 ms at most). */
  chatBatchesPerSecondPerProcess: 2,
  /** Slices a chat batch is sent in (chat-rooms.ts): one stream entry each with Redis. */
  chatSlices: 8,
  /** A busy chat: the chat bench's rate. The per-player limit caps no total. */
  chatPostsPerSecond: 50,
  /** The reconnect-storm budget: a ball every 4 s, so a burst may take at most 300 ms. */
  ballLatencyBudgetMs: 300,
  /** Processes kept spare: one down, or restarting in a rolling upgrade, costs no capacity. */
  spareProcesses: 1,
};

/** Viewers one process holds, and which limit binds. */
export function perProcess(measured = MEASURED, show = SHOW) {
  const perViewerCpuMs =
    measured.steadyCpuMsPerViewerSecond +
    measured.deliveryCpuMs / show.ballIntervalSeconds +
    measured.deliveryCpuMs * show.chatBatchesPerSecondPerProcess;
  const limits = {
    'reconnect storm (measured)': measured.stormViewersPerProcess,
    'one ball within its latency budget': Math.floor(show.ballLatencyBudgetMs / measured.deliveryCpuMs),
    'CPU: balls and two chat batches a second (model, one core)': Math.floor(1000 / perViewerCpuMs),
    'CPU: a whole show with a busy chat (measured, one core)': Math.floor(
      1000 / measured.showCpuMsPerViewerSecond,
    ),
    'memory (2 GB a process)': Math.floor(((2048 - measured.idleRssMb) * 1024) / measured.memoryKbPerViewer),
  };
  const [binding, viewers] = Object.entries(limits).sort((a, b) => a[1] - b[1])[0];
  return { viewers, binding, limits, perViewerCpuMs };
}

/** What a show of `viewers` needs. */
export function forShow(viewers, measured = MEASURED, show = SHOW) {
  const process = perProcess(measured, show);
  const serving = Math.ceil(viewers / process.viewers);
  const processes = serving + show.spareProcesses;
  // Batched per process (the design before December 2026), a viewer got a batch from every
  // process that took a post: as many as the posts, up to two a second per process. Batched per
  // game (as built: the game's runner sends every batch), two in all.
  const chatFramesPerViewer = Math.min(
    show.chatPostsPerSecond,
    show.chatBatchesPerSecondPerProcess * processes,
  );
  const chatCores = (frames) => Math.round((process.viewers * frames * measured.deliveryCpuMs) / 100) / 10;
  const entriesWritten = (batches) => 1 / show.ballIntervalSeconds + batches * show.chatSlices;
  return {
    viewers,
    processes,
    machines2Core: Math.ceil(processes / 2),
    nginxWorkers: Math.ceil(viewers / measured.viewersPerNginxWorker),
    nginxCores: Math.ceil((viewers / 1000) * measured.nginxCorePercentPer1000Viewers) / 100,
    redis: {
      // Every process reads every entry of the one stream.
      entriesWrittenPerSecond: Math.round(entriesWritten(chatFramesPerViewer)),
      entriesReadPerSecond: Math.round(entriesWritten(chatFramesPerViewer) * processes),
      entriesReadPerSecondBatchedPerGame: Math.round(
        entriesWritten(show.chatBatchesPerSecondPerProcess) * processes,
      ),
    },
    postgres: {
      connections: processes * measured.postgresConnectionsPerProcess,
      ballTransactionsPerSecond: 1 / show.ballIntervalSeconds,
      claimRushSeconds: Math.ceil(
        viewers / Math.min(measured.claimsPerSecondPerGameRow, measured.claimsPerSecondPerProcess * serving),
      ),
    },
    joinsInGreenRoomPerSecond: Math.round(viewers / 300),
    joinCapacityPerSecond: Math.round(measured.joinsPerSecondPerProcess * serving),
    stormAllBackSeconds: measured.stormAllBackSeconds,
    chatFramesPerViewer,
    chatCoresPerProcess: chatCores(chatFramesPerViewer),
    chatCoresPerProcessBatchedPerGame: chatCores(show.chatBatchesPerSecondPerProcess),
  };
}

/** What the figures of one process predicted for the scale-out bench's processes, beside what they measured. */
export function scaleOutPredicted(measured = MEASURED, show = SHOW, scaleOut = SCALE_OUT) {
  const { processes, viewersPerProcess: viewers, ballIntervalSeconds } = scaleOut;
  const model = perProcess(measured, { ...show, ballIntervalSeconds });
  return {
    cpuPercentPerProcessModel: Math.round(viewers * model.perViewerCpuMs) / 10,
    cpuPercentPerProcessFromOneProcess: Math.round(viewers * measured.showCpuMsPerViewerSecond) / 10,
    // Batched per game: the runner's two batches a second, whatever the processes.
    chatFramesPerViewerPerSecond: show.chatBatchesPerSecondPerProcess,
    stormSeconds:
      Math.round(((processes * viewers) / (measured.joinsPerSecondPerProcess * processes)) * 10) / 10,
    claimsPerSecond: Math.min(
      measured.claimsPerSecondPerGameRow,
      measured.claimsPerSecondPerProcess * processes,
    ),
  };
}

const format = (n) => n.toLocaleString('en-GB').replace(/,/g, ' ');

function main() {
  const { values } = parseArgs({
    options: { viewers: { type: 'string', default: '100000,1000000,2400000' }, json: { type: 'boolean' } },
  });
  const audiences = values.viewers.split(',').map(Number);
  const process = perProcess();
  const shows = audiences.map((viewers) => forShow(viewers));
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          measured: MEASURED,
          show: SHOW,
          perProcess: process,
          shows,
          scaleOut: { ...SCALE_OUT, predicted: scaleOutPredicted() },
        },
        null,
        2,
      ),
    );
    return;
  }
  console.log(`One process: ${format(process.viewers)} viewers (bound by the ${process.binding}).`);
  console.log('\n| limit | viewers a process |\n| --- | --- |');
  for (const [limit, viewers] of Object.entries(process.limits))
    console.log(`| ${limit} | ${format(viewers)} |`);
  console.log(`\n| show | ${audiences.map(format).join(' | ')} |`);
  console.log(`| --- |${audiences.map(() => ' --- |').join('')}`);
  const rows = [
    ['server processes (one spare)', (s) => format(s.processes)],
    ['2-core machines for them', (s) => format(s.machines2Core)],
    ['nginx workers (8 000 viewers each)', (s) => format(s.nginxWorkers)],
    ['nginx CPU, cores (plain HTTP, no TLS)', (s) => String(s.nginxCores)],
    [
      'Redis stream entries written / read a second, chat batched per process (before)',
      (s) => `${format(s.redis.entriesWrittenPerSecond)} / ${format(s.redis.entriesReadPerSecond)}`,
    ],
    [
      'the same, chat batched per game (as built)',
      (s) => `${SHOW.chatSlices * 2} / ${format(s.redis.entriesReadPerSecondBatchedPerGame)}`,
    ],
    ['PostgreSQL connections (pool of 10 each)', (s) => format(s.postgres.connections)],
    ['PostgreSQL ball transactions a second', (s) => String(s.postgres.ballTransactionsPerSecond)],
    ['a claim rush of every viewer, at least', (s) => `${format(s.postgres.claimRushSeconds)} s`],
    [
      'joins a second, green room (5 min) / capacity',
      (s) => `${format(s.joinsInGreenRoomPerSecond)} / ${format(s.joinCapacityPerSecond)}`,
    ],
    [
      `chat frames a viewer a second (${SHOW.chatPostsPerSecond} posts/s): per process (before) / per game`,
      (s) => `${format(s.chatFramesPerViewer)} / ${SHOW.chatBatchesPerSecondPerProcess}`,
    ],
    [
      'chat CPU a process, cores: per process (before) / per game',
      (s) => `${s.chatCoresPerProcess} / ${s.chatCoresPerProcessBatchedPerGame}`,
    ],
  ];
  for (const [name, cell] of rows) console.log(`| ${name} | ${shows.map(cell).join(' | ')} |`);

  const predicted = scaleOutPredicted();
  const { measured } = SCALE_OUT;
  console.log(
    `\n| ${SCALE_OUT.processes} processes × ${format(SCALE_OUT.viewersPerProcess)} viewers | predicted | measured |\n| --- | --- | --- |`,
  );
  const compared = [
    [
      'CPU a process, % of a core: model / from one process',
      `${predicted.cpuPercentPerProcessModel} / ${predicted.cpuPercentPerProcessFromOneProcess}`,
      String(measured.cpuPercentPerProcess),
    ],
    [
      'chat frames a viewer a second',
      String(predicted.chatFramesPerViewerPerSecond),
      String(measured.chatFramesPerViewerPerSecond),
    ],
    ['a storm: every viewer back and caught up', `${predicted.stormSeconds} s`, `${measured.stormSeconds} s`],
    ['claims a second at one pool', format(predicted.claimsPerSecond), format(measured.claimsPerSecond)],
  ];
  for (const [name, was, is] of compared) console.log(`| ${name} | ${was} | ${is} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
