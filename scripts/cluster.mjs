// `npm run cluster`: several server processes on internal ports with nginx in front on one port,
// sharing this machine's PostgreSQL and Redis (docs/cluster.md). Ctrl-C stops everything. The
// processes run the compiled server, as `npm start` does (built here when its sources changed).
// SIGHUP rolls them: the server is built again if its sources changed, then each process in
// turn stops cleanly (handing its games over) and starts again once the one before answers.
//
//   node scripts/cluster.mjs [-n 3] [--port 3000]
//   kill -HUP <the pid it prints>     (or `npm run cluster -- --roll` from another terminal)
//
// Environment: CLUSTER_PROCESSES (default 2), PORT (nginx's port, default 3000; the processes
// take the next ones), DATABASE_URL (default the local PostgreSQL's database ruthless, created
// when missing), REDIS_URL (default the local Redis), NGINX_WORKERS (nginx's worker processes,
// default one a core); anything else is passed to the processes.
import { execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from './build-server.mjs';
import { installedNginx, nginxArgs, writeNginxConfig } from './cluster-nginx.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', short: 'n' },
    port: { type: 'string', short: 'p' },
    roll: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log('Usage: npm run cluster -- [-n processes] [-p port] [--roll]  (docs/cluster.md)');
  process.exit(0);
}
const count = Number(args.processes ?? process.env.CLUSTER_PROCESSES ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 32)
  fail('-n expects a number of processes from 1 to 32');
const port = Number(args.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1 || port + count > 65535) fail('-p expects a port number');
const host = process.env.HOST ?? '0.0.0.0';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/ruthless';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Where a running cluster on this port writes its pid, for `--roll` from another terminal.
const pidFile = path.join(os.tmpdir(), `ruthless-cluster-${port}.pid`);

if (args.roll) {
  let pid;
  try {
    pid = Number(await readFile(pidFile, 'utf8'));
    process.kill(pid, 'SIGHUP');
  } catch {
    fail(`no cluster is running on port ${port} (${pidFile})`);
  }
  console.log(
    `cluster: asked the cluster on port ${port} (pid ${pid}) to roll its processes; its output shows each step`,
  );
  process.exit(0);
}

/** nginx from PATH or Debian's place; installed with apt when missing and we are root. */
function findNginx() {
  const found = installedNginx();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    fail('nginx is missing: run "sudo apt-get install -y nginx" (Debian/Ubuntu), then try again.');
  }
  console.log('cluster: installing nginx from Debian...');
  // Debian's package would start its own nginx on port 80: policy-rc.d keeps it stopped.
  execFileSync(
    'sh',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'],
    {
      stdio: 'inherit',
      env: { ...process.env, RUNLEVEL: '1' },
    },
  );
  return '/usr/sbin/nginx';
}

/** The database of DATABASE_URL, created when the server answers but the database is missing. */
async function ensureDatabase(url) {
  const pg = createRequire(path.join(serverDir, 'package.json'))('pg');
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    if (error.code !== '3D000')
      fail(`PostgreSQL at ${url} does not answer (${error.message}). Set DATABASE_URL.`);
  }
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database "${name.replaceAll('"', '""')}"`);
  await client.end();
  console.log(`cluster: created the database ${name}`);
}

async function ensureRedis(url) {
  const { createClient } = createRequire(path.join(serverDir, 'package.json'))('redis');
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    await client.quit();
  } catch (error) {
    fail(`Redis at ${url} does not answer (${error.message}). Set REDIS_URL.`);
  }
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/health`)).ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Prefixes each line of a child's output with its name. */
function pipeLines(stream, name, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
}

const children = [];
let stopping = false;
let dir;
/** Per server process: when it last started, its next restart's pause, its pending restart. */
const startedAt = [];
const restartDelays = [];
const restarts = new Map();
/** Processes stopped on purpose by a rolling restart, which starts them again itself. */
const retired = new Set();

/** Runs a child with its output prefixed by `name`; `onExit` runs if it dies while we carry on. */
function run(name, command, commandArgs, options, onExit) {
  // Their own process group: Ctrl-C reaches the script alone, which stops each child once, cleanly.
  const child = spawn(command, commandArgs, {
    ...options,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeLines(child.stdout, name, process.stdout);
  pipeLines(child.stderr, name, process.stderr);
  const entry = { name, child };
  children.push(entry);
  child.on('exit', (code, signal) => {
    children.splice(children.indexOf(entry), 1);
    if (stopping || retired.delete(child)) return;
    console.log(`cluster: ${name} exited (${signal ?? code})`);
    onExit();
  });
  return child;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('cluster: stopping');
  for (const timer of restarts.values()) clearTimeout(timer);
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 12_000).unref();
        }),
    ),
  );
  if (dir) await rm(dir, { recursive: true, force: true });
  await rm(pidFile, { force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGHUP', () => void roll());
// Should the script itself fail, it takes no process with it but its own.
process.on('exit', () => {
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const nginx = findNginx();
await buildServer();
await ensureDatabase(databaseUrl);
await ensureRedis(redisUrl);
dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-cluster-'));
// nginx's workers run as nobody when we are root: they must reach their temp folders.
await chmod(dir, 0o755);

const ports = Array.from({ length: count }, (_, i) => port + 1 + i);
const refused = await writeNginxConfig({
  nginx,
  dir,
  listen: host === '0.0.0.0' ? String(port) : `${host}:${port}`,
  ports,
  workers: process.env.NGINX_WORKERS,
});
if (refused) {
  await rm(dir, { recursive: true, force: true });
  fail(`nginx refused its configuration:\n${refused}`);
}

const serverEnv = {
  ...process.env,
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  // nginx is the one proxy in front: the client's address is the one it forwards.
  TRUST_PROXY: '1',
  // Everyone reaches the processes through nginx: no dev mailbox (TRUST_PROXY turns it off too).
  DEV_MAILBOX: 'false',
};
const processes = [];
const startServer = (i) => {
  const child = run(
    `server ${i + 1}`,
    process.execPath,
    ['--enable-source-maps', 'dist/main.js'],
    { cwd: serverDir, env: { ...serverEnv, PORT: String(ports[i]) } },
    () => startAgain(i),
  );
  processes[i] = child;
  startedAt[i] = Date.now();
  console.log(`cluster: server ${i + 1} (pid ${child.pid}) on 127.0.0.1:${ports[i]}`);
  return child;
};

/**
 * A rolling restart: one process at a time stops on SIGTERM (it refuses new connections, hands
 * its games over at once, closes its sockets so their phones reconnect to the others, finishes
 * its requests) and starts again; the next goes once it answers. nginx meanwhile sends new
 * connections to the processes that answer.
 */
let rolling = false;
async function roll() {
  if (rolling || stopping) return;
  rolling = true;
  try {
    console.log('cluster: rolling restart');
    await buildServer();
    for (let i = 0; i < count && !stopping; i++) {
      const old = processes[i];
      const toldToStop = Date.now();
      if (old && old.exitCode === null && old.signalCode === null) {
        const exited = new Promise((resolve) => old.once('exit', resolve));
        retired.add(old);
        console.log(`cluster: stopping server ${i + 1} (pid ${old.pid})`);
        old.kill('SIGTERM');
        await exited;
      }
      const stopped = Date.now();
      clearTimeout(restarts.get(i));
      restarts.delete(i);
      const child = startServer(i);
      if (await waitForHealth(`http://127.0.0.1:${ports[i]}`, child)) {
        // What an operator watches in a deploy: how long this port served no one (nginx sent
        // its clients to the others meanwhile).
        const seconds = (ms) => (ms / 1000).toFixed(1);
        console.log(
          `cluster: server ${i + 1} back in service ${seconds(Date.now() - toldToStop)} s after it was told to stop ` +
            `(${seconds(stopped - toldToStop)} s to stop, ${seconds(Date.now() - stopped)} s to start)`,
        );
      } else console.error(`cluster: server ${i + 1} did not answer after the restart`);
    }
    console.log(`cluster: rolled ${count} processes`);
  } finally {
    rolling = false;
  }
}

// A process that dies is started again on its port, as a supervisor would: at once when it had
// run for a minute, else after 1, 2, 4… up to 30 s while it keeps dying (a crash loop must not
// spin). Meanwhile nginx sends its clients to the others.
function startAgain(i) {
  const ranLong = Date.now() - startedAt[i] > 60_000;
  restartDelays[i] = ranLong ? 0 : Math.min(Math.max((restartDelays[i] ?? 0) * 2, 1000), 30_000);
  const pause = restartDelays[i];
  console.log(`cluster: starting server ${i + 1} again${pause ? ` in ${pause / 1000} s` : ''}`);
  restarts.set(
    i,
    setTimeout(() => {
      restarts.delete(i);
      startServer(i);
    }, pause),
  );
}

// All at once: migrations take turns through an advisory lock, the demo's inserts skip what exists.
const servers = ports.map((_, i) => startServer(i));
const healthy = await Promise.all(
  servers.map((child, i) => waitForHealth(`http://127.0.0.1:${ports[i]}`, child)),
);
if (!healthy.includes(true)) {
  console.error('cluster: no server started');
  await stop(1);
}
if (healthy.includes(false)) console.error('cluster: a server did not start; carrying on with the others');

const nginxChild = run(
  'nginx',
  nginx,
  [...nginxArgs(dir), '-g', 'daemon off;'],
  { cwd: dir },
  // Without nginx nothing reaches the processes: everything stops.
  () => void stop(1),
);
// Ready once nginx itself answers: a client right after this line must not find the port closed.
if (!(await waitForHealth(`http://127.0.0.1:${port}`, nginxChild, 30_000))) {
  console.error('cluster: nginx did not answer');
  await stop(1);
}
await writeFile(pidFile, String(process.pid));
console.log(
  `cluster: ${count} processes behind ${publicUrl} (nginx on port ${port}); Ctrl-C stops everything, SIGHUP to pid ${process.pid} rolls them`,
);
