// Benchmark: GET /api/rooms, which every player polls every 30 s, beside a bare Fastify route
// serving the same JSON from memory, measured in the same run (the machine is shared: only the
// ratio means much). The real app runs here on a fresh embedded database with the demo
// schedule; the load runs in a child process (bench/http-load.mjs). One JSON line per figure.
//
//   npx tsx bench/rooms.bench.ts [--seconds 5] [--connections 20] [--rounds 2] [--gzip]
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    // Ask for gzip as browsers do (the app compresses each answer; the bare route does not).
    gzip: { type: 'boolean', default: false },
  },
});

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-bench-'));
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: 'true', DATA_DIR: dataDir, PORT: '0' }),
);
const port = (server: { address(): unknown }) => (server.address() as { port: number }).port;
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${port(app.fastify.server)}/api/rooms?operator=enlivon`;

// The baseline: the least Fastify can do, the app's own answer from memory.
const cachedJson = await (await fetch(appUrl)).text();
const bare = Fastify();
bare.get('/api/rooms', (_request, reply) => reply.type('application/json; charset=utf-8').send(cachedJson));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${port(bare.server)}/api/rooms?operator=enlivon`;

interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  bytesPerAnswer: number;
  p50: number;
  p99: number;
}

async function load(url: string): Promise<LoadResult> {
  const options = {
    url,
    seconds: Number(args.seconds),
    connections: Number(args.connections),
    headers: args.gzip ? { 'accept-encoding': 'gzip' } : {},
  };
  const { stdout } = await promisify(execFile)(process.execPath, [
    fileURLToPath(new URL('./http-load.mjs', import.meta.url)),
    JSON.stringify(options),
  ]);
  return JSON.parse(stdout) as LoadResult;
}

const results: Record<'app' | 'bare', LoadResult[]> = { app: [], bare: [] };
await load(appUrl); // warm-up: JIT and the first cache load
for (let round = 1; round <= Number(args.rounds); round++) {
  for (const target of ['app', 'bare'] as const) {
    const result = await load(target === 'app' ? appUrl : bareUrl);
    results[target].push(result);
    console.log(
      JSON.stringify({
        name: 'rooms-throughput',
        target,
        round,
        unit: 'requests/s',
        value: result.perSecond,
        p50Ms: result.p50,
        p99Ms: result.p99,
        connections: Number(args.connections),
        gzip: args.gzip,
        bytesPerAnswer: result.bytesPerAnswer,
        errors: result.errors,
      }),
    );
  }
}
const mean = (list: LoadResult[]) => list.reduce((sum, r) => sum + r.perSecond, 0) / list.length;
console.log(
  JSON.stringify({
    name: 'rooms-vs-bare-fastify',
    ratio: Number((mean(results.app) / mean(results.bare)).toFixed(2)),
    app: Math.round(mean(results.app)),
    bare: Math.round(mean(results.bare)),
  }),
);

await bare.close();
await app.close();
await rm(dataDir, { recursive: true, force: true });
