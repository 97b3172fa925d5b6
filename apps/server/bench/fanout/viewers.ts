// The viewers' side of the fan-out benches (fanout.bench.ts, cluster.bench.ts, scale.bench.ts):
// load processes (load.mjs) forked one per source address or group of addresses, their IPC, and
// what their reports add up to.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SOCKET_RECONNECTION } from '@ruthless/protocol';
import type { ProbeRequest } from './probe';

/** What a load process saw of one ball (or other event) by seq. */
export interface Ball {
  at: number;
  latencies: number[];
  first: number;
  last: number;
}

export interface StormCounts {
  dropped: number;
  back: number;
  lastBackAt: number;
  /** Back by Socket.IO's connection state recovery, or by joining again with the last seq. */
  recovered: number;
  rejoined: number;
  joinRetries: number;
  reconnects: number;
  /** Back with every event up to the game's latest seq at its return (as `latest` told it). */
  caughtUp: number;
  lastCaughtUpAt: number;
}

export interface LoadReport {
  perSeq: (Ball & { seq: number })[];
  clients: number;
  clientsWithGap: number;
  /** Of those: a hole in the pushed seqs, which the viewer's rejoin filled (the app's way). */
  clientsWithHole: number;
  /** Of those, viewers whose hole came after their drop in the storm (their return's). */
  clientsWithHoleSinceStorm: number;
  /** Of those: events never seen, the join's snapshot ahead of them (too far behind to replay). */
  clientsWithSkip: number;
  /** Viewers sent an event they had already (not the overlap of a join and its held-back pushes). */
  clientsWithDuplicate: number;
  duplicates: number;
  /** `chat:messages` frames and the messages in them, over every viewer of the process. */
  chatFrames: number;
  chatMessages: number;
  clientsBehind: number;
  minLastSeq: number;
  disconnects: number;
  sample: unknown;
  /** [latency ms, deliveries] */
  chatLatencies: [number, number][];
  clientsWithChatGap: number;
  clientsBehindOnChat: number;
  storm: StormCounts & { resumedWithoutGap: number };
}

export function nextMessage<T>(child: ChildProcess, test: (message: unknown) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!test(message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before answering`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

let requestId = 0;
/** Asks a server under test (its probe.ts) and waits for its answer. */
export async function ask<T>(
  server: ChildProcess,
  type: ProbeRequest['type'],
  payload?: unknown,
): Promise<T> {
  const id = ++requestId;
  const answer = nextMessage<{ value: T }>(server, (m) => (m as { id?: number }).id === id);
  server.send({ id, type, payload } satisfies ProbeRequest);
  return (await answer).value;
}

export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/**
 * One load process per entry of `addresses` (a source address, or several the process's viewers
 * take in turn), `clients` viewers shared evenly among them.
 */
export function forkLoads(
  clients: number,
  addresses: (string | string[])[],
  options: {
    /** Socket.IO viewers that join the game (the app, bare Socket.IO), or plain `ws` clients. */
    mode: 'socket.io' | 'ws';
    /** The app's viewers: socket.io-client (the default) or the protocol over bare `ws`. */
    viewer?: 'client' | 'raw';
    url: string;
    gameUuid: string;
    concurrency: number;
    /** Rejoin on every reconnect, as the web app does (the reconnect storm). */
    reconnect?: boolean;
    /** Joins a second per source address (unpaced when absent). */
    joinsPerSecond?: number;
  },
): ChildProcess[] {
  return addresses.map((localAddress, i) => {
    const count = Math.floor(clients / addresses.length) + (i < clients % addresses.length ? 1 : 0);
    return fork(
      fileURLToPath(new URL('./load.mjs', import.meta.url)),
      // The raw viewers reconnect after the app's own backoff.
      [JSON.stringify({ ...options, count, localAddress, reconnection: SOCKET_RECONNECTION })],
      { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
  });
}

/** The load processes' reports together: every latency, and per ball its rates. */
export function aggregateReports(reports: LoadReport[]) {
  const balls = new Map<number, Ball>();
  for (const report of reports)
    for (const ball of report.perSeq) {
      const seen = balls.get(ball.seq);
      if (!seen) balls.set(ball.seq, { ...ball });
      else {
        seen.latencies.push(...ball.latencies);
        seen.first = Math.min(seen.first, ball.first);
        seen.last = Math.max(seen.last, ball.last);
      }
    }
  const latencies = [...balls.values()].flatMap((ball) => ball.latencies).sort((a, b) => a - b);
  // A ball's delivery rate: its deliveries over the time from its event to its last receipt.
  const burstRates = [...balls.values()]
    .map((ball) => (ball.latencies.length / Math.max(1, ball.last - ball.at)) * 1000)
    .sort((a, b) => a - b);
  // The same from the first receipt: the fan-out alone, without the work before the send.
  const fanOutRates = [...balls.values()]
    .map((ball) => (ball.latencies.length / Math.max(1, ball.last - ball.first)) * 1000)
    .sort((a, b) => a - b);
  return { latencies, balls, burstRates, fanOutRates };
}

/** Waits until every load process has opened its viewers. */
export async function loadsConnected(loads: ChildProcess[]) {
  const connected = await Promise.all(
    loads.map((load) =>
      nextMessage<{ connected: number; failed: number; firstError: string | null; joinAnswer: unknown }>(
        load,
        (m) => (m as { type?: string }).type === 'connected',
      ),
    ),
  );
  return {
    viewers: connected.reduce((sum, c) => sum + c.connected, 0),
    failed: connected.reduce((sum, c) => sum + c.failed, 0),
    firstError: connected.find((c) => c.firstError)?.firstError ?? null,
    joinAnswer: connected.find((c) => c.joinAnswer)?.joinAnswer,
  };
}

/**
 * Stops the recording; every viewer must have seen the events up to `expectedLastSeq` (and the
 * chat up to `expectedChatSeq`, when chat was sent).
 */
export function loadReports(
  loads: ChildProcess[],
  expectedLastSeq: number,
  expectedChatSeq?: number,
): Promise<LoadReport[]> {
  return Promise.all(
    loads.map((load) => {
      const report = nextMessage<LoadReport>(load, (m) => (m as { type?: string }).type === 'report');
      load.send({ type: 'stop', expectedLastSeq, expectedChatSeq });
      return report;
    }),
  );
}

/**
 * A reconnect storm: every viewer drops (spread evenly over `seconds`, or all at once with 0) and
 * comes back as the app does. Resolves once every one is back and caught up, or false at the
 * timeout. With `latestSeq`, the load processes are told the game's latest seq every 200 ms
 * meanwhile: a viewer is caught up once it has every event up to the latest seq at its return
 * (without it, once it is back).
 */
export async function reconnectStorm(
  loads: ChildProcess[],
  {
    seconds,
    timeoutMs,
    latestSeq,
  }: { seconds: number; timeoutMs: number; latestSeq?: () => Promise<number> },
): Promise<{ started: number; allCaughtUp: boolean }> {
  const tellLatest = async () => {
    const seq = await latestSeq!();
    for (const load of loads) load.send({ type: 'latest', seq });
  };
  if (latestSeq) await tellLatest();
  const teller = latestSeq ? setInterval(() => void tellLatest().catch(() => {}), 200) : undefined;
  const started = Date.now();
  const done = Promise.all(
    loads.map((load) => nextMessage(load, (m) => (m as { type?: string }).type === 'storm-done')),
  );
  for (const load of loads) load.send({ type: 'storm', seconds });
  let timer: NodeJS.Timeout | undefined;
  const allCaughtUp = await Promise.race([
    done.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(resolve, timeoutMs, false))),
  ]);
  clearTimeout(timer);
  clearInterval(teller);
  return { started, allCaughtUp };
}

/** Closes every viewer and waits for the load processes to exit. */
export async function closeLoads(loads: ChildProcess[]): Promise<void> {
  for (const load of loads) {
    if (load.connected) load.send({ type: 'close' });
  }
  await Promise.all(
    loads.map((load) => (load.exitCode === null ? new Promise((r) => load.once('exit', r)) : null)),
  );
}
