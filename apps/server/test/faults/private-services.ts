import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../support/test-app';

/**
 * PostgreSQL and Redis of a test's own, on free ports in a temp dir, that the test may stop and
 * start at will. The machine's shared instances (5432, 6379) are never touched.
 */

const run = promisify(execFile);

/** Debian's PostgreSQL binaries (the newest version installed), or undefined. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function redisServer(): string | undefined {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => existsSync(file));
}

/** Why the private services cannot run here, or undefined when they can. */
export function missingServices(): string | undefined {
  if (!postgresBin()) return 'no PostgreSQL binaries in /usr/lib/postgresql/*/bin (apt install postgresql)';
  if (!redisServer()) return 'no redis-server (apt install redis-server)';
  if (process.getuid?.() === 0) {
    try {
      // PostgreSQL refuses to run as root: it runs as the postgres user.
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres user to run PostgreSQL as';
    }
  }
  return undefined;
}

export interface PrivatePostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin()!;
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-faults-pg-'));
  if (asRoot) await chown(dir, ...(await postgresIds()));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    running = true;
  };
  const stop = async () => {
    // Fast: every session is cut at once, as in a crash of the database's host.
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  await start();
  // A test runner that dies must not leave a PostgreSQL behind (it is a daemon, not our child).
  const stopAtExit = () => {
    if (!running) return;
    const stopArgs = [path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'];
    try {
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', ...stopArgs], { stdio: 'ignore' });
      else execFileSync(stopArgs[0]!, stopArgs.slice(1), { stdio: 'ignore' });
    } catch {
      // Already stopped.
    }
  };
  process.once('exit', stopAtExit);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      process.off('exit', stopAtExit);
      if (running) await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<[number, number]> {
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return [uid, gid];
}

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const binary = redisServer()!;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-faults-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      started.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
    started.stdout!.resume();
  };
  const stop = async () => {
    const stopping = child;
    child = undefined;
    if (!stopping || stopping.exitCode !== null) return;
    const exited = new Promise((resolve) => stopping.once('exit', resolve));
    stopping.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async destroy() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
