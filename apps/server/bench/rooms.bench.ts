// Benchmark: GET /api/rooms, which every player polls every 30 s. Starts the real app on a fresh
// embedded database with the demo schedule and prints one JSON line per figure.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const REQUESTS = 3000;
const CONCURRENCY = 20;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-bench-'));
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: 'true', DATA_DIR: dataDir, PORT: '0' }),
);
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const address = app.fastify.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/rooms?operator=enlivon`;

function report(name: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(3));
  console.log(
    JSON.stringify({ name, unit: 'ms', n: sorted.length, median: at(0.5), p95: at(0.95), max: at(1) }),
  );
}

for (let i = 0; i < 200; i++) await (await fetch(url)).arrayBuffer();

const sequential: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const start = performance.now();
  await (await fetch(url)).arrayBuffer();
  sequential.push(performance.now() - start);
}
report('rooms-latency-sequential', sequential);

const concurrent: number[] = [];
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let i = 0; i < REQUESTS / CONCURRENCY; i++) {
      const start = performance.now();
      await (await fetch(url)).arrayBuffer();
      concurrent.push(performance.now() - start);
    }
  }),
);
report(`rooms-latency-${CONCURRENCY}-concurrent`, concurrent);
console.log(
  JSON.stringify({
    name: 'rooms-throughput',
    unit: 'requests/s',
    value: Math.round(REQUESTS / ((performance.now() - started) / 1000)),
  }),
);

await app.close();
await rm(dataDir, { recursive: true, force: true });
