// What the cluster benches (cluster.bench.ts, scale.bench.ts) read of a TestCluster's processes:
// which process holds each connection, loopback addresses that spread viewers evenly over them
// through nginx, CPU time from /proc, and each process's own /metrics.
import { readdir, readFile } from 'node:fs/promises';
import type { TestCluster, ServerProcess } from '../../test/support/cluster';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Established TCP connections to each server's own port (nginx's side of every viewer). */
export async function connectionsPerServer(servers: ServerProcess[]): Promise<number[]> {
  const ports = servers.map((server) => Number(new URL(server.url).port));
  const counts = ports.map(() => 0);
  const table = await readFile('/proc/net/tcp', 'utf8');
  for (const line of table.split('\n').slice(1)) {
    const [, local, , state] = line.trim().split(/\s+/);
    if (state !== '01' || !local) continue;
    const index = ports.indexOf(parseInt(local.split(':')[1]!, 16));
    if (index >= 0) counts[index]!++;
  }
  return counts;
}

/** Loopback source addresses to try, 127.0.0.2 onwards (the whole of 127/8 is this machine's). */
export const loopbackAddresses = (count: number) =>
  Array.from({ length: count }, (_, i) => `127.0.${Math.floor(i / 253)}.${2 + (i % 253)}`);

/**
 * `wanted` loopback addresses, as many on each process: nginx hashes the client's address, so
 * each candidate opens one WebSocket through nginx and stays if its process still needs one.
 */
export async function spreadAddresses(cluster: TestCluster, wanted: number): Promise<string[]> {
  // Enough candidates that every process fills its quota (the hash spreads them unevenly).
  const candidates = loopbackAddresses(Math.max(250, 4 * wanted));
  if (cluster.servers.length === 1) return candidates.slice(0, wanted);
  const { default: WebSocket } = await import('ws');
  const perServer = cluster.servers.map(() => [] as string[]);
  const quota = Math.ceil(wanted / cluster.servers.length);
  const socketUrl = `${cluster.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`;
  for (const address of candidates) {
    if (perServer.flat().length >= wanted) break;
    const before = await connectionsPerServer(cluster.servers);
    const socket = new WebSocket(socketUrl, { localAddress: address });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let server = -1;
    for (let tries = 0; server < 0 && tries < 50; tries++) {
      const after = await connectionsPerServer(cluster.servers);
      server = after.findIndex((count, i) => count > before[i]!);
      if (server < 0) await sleep(20);
    }
    socket.terminate();
    if (server >= 0 && perServer[server]!.length < quota) perServer[server]!.push(address);
  }
  // Interleaved, so that fewer addresses than `wanted` still spread.
  return perServer[0]!
    .flatMap((_, i) => perServer.map((list) => list[i]!))
    .filter(Boolean)
    .slice(0, wanted);
}

/** The pids of nginx's master and workers: the script's nginx child and its children. */
export async function nginxPids(server: ServerProcess): Promise<number[]> {
  const stat = async (pid: string) => {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // After the command in parentheses: state, ppid, ...
    return {
      comm: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      fields: text.slice(text.lastIndexOf(')') + 2).split(' '),
    };
  };
  const script = (await stat(String(server.pid))).fields[1];
  const all = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(all.map(async (pid) => ({ pid: Number(pid), ...(await stat(pid)) })));
  const master = stats.find((s) => s.fields[1] === script && s.comm === 'nginx');
  return master
    ? [master.pid, ...stats.filter((s) => s.fields[1] === String(master.pid)).map((s) => s.pid)]
    : [];
}

/** CPU seconds (user + system) each process has used, from /proc (clock ticks of 1/100 s). */
export async function cpuSeconds(pids: number[]): Promise<number[]> {
  return Promise.all(
    pids.map(async (pid) => {
      const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    }),
  );
}

/** What one server process's /metrics says of itself (prom-client's default metrics). */
export interface ProcessMetrics {
  at: number;
  /** process_cpu_seconds_total: user + system since the process started. */
  cpuSeconds: number;
  /** prom-client's event-loop delay since the previous scrape (each scrape resets it), in ms. */
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
}

/**
 * Each process's own /metrics (open outside production without METRICS_TOKEN). A scrape starts
 * the next window of the event-loop figures: scrape once at a window's start, once at its end.
 */
export async function scrapeMetrics(servers: ServerProcess[]): Promise<ProcessMetrics[]> {
  return Promise.all(
    servers.map(async (server) => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      return {
        at: Date.now(),
        cpuSeconds: value('process_cpu_seconds_total'),
        lagP50Ms: value('nodejs_eventloop_lag_p50_seconds') * 1000,
        lagP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
        lagMaxMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
      };
    }),
  );
}
