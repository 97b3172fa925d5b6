import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createClient } from 'redis';
import { installedNginx } from '../../../../scripts/cluster-nginx.mjs';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { games } from '../../src/db/schema';
import { insertGame, insertPlayers, insertRoom } from './fixtures';
import { createScratchDatabase, freePort } from './test-app';

const root = path.resolve(import.meta.dirname, '../../../..');

/** A show over in well under a minute, with a ball every 150 ms: the cluster tests' draws. */
export const FAST_SHOW_TIMINGS = {
  greenRoomMs: 2000,
  reelsMs: 100,
  luckyFateMs: 100,
  ballIntervalMs: 150,
  ruthlessMs: 500,
  revealMs: 100,
};

/** Why the cluster tests cannot run here, or undefined when they can. */
export function clusterUnavailable(): string | undefined {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
    return 'needs DATABASE_URL and REDIS_URL (CI runs the server suite a second time with both)';
  // As root the cluster script installs it from Debian.
  if (!installedNginx() && process.getuid?.() !== 0)
    return 'needs nginx: run `sudo apt-get install -y nginx`';
  return undefined;
}

/** One process of a rolling restart, as the cluster script reports it. */
export interface RolledProcess {
  /** From SIGTERM to answering /health again. */
  outOfServiceMs: number;
  /** From SIGTERM to its exit. */
  stopMs: number;
}

export interface ServerProcess {
  pid: number;
  /** Its own port, behind nginx. */
  url: string;
}

/**
 * `scripts/cluster.mjs` itself (nginx in front of N server processes) on a scratch database and
 * Redis keys of its own, plus an app in this process on the same database that signs players'
 * identity tokens and reads the data (it runs no games).
 */
export class TestCluster {
  private constructor(
    readonly url: string,
    readonly servers: ServerProcess[],
    readonly app: App,
    private readonly script: ChildProcess,
    private readonly cleanup: () => Promise<void>,
    /** Resolves once the script's output so far matches (the processes' lines included). */
    readonly printed: (pattern: RegExp) => Promise<void>,
    /** The script's output so far. */
    private readonly output: () => string,
  ) {}

  /** `processEnv`: more settings for the processes (the script keeps its own TRUST_PROXY). */
  static async start(processes: number, processEnv: Record<string, string> = {}): Promise<TestCluster> {
    const database = await createScratchDatabase(process.env.DATABASE_URL!);
    const prefix = `test:cluster:${randomUUID()}:`;
    const port = await freeRun(processes + 1);
    const url = `http://127.0.0.1:${port}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-cluster-test-'));
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO: 'false',
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: prefix,
    };
    // Built first: it migrates the scratch database before any server process starts.
    const app = await buildApp(loadConfig({ ...env, DATA_DIR: dataDir }), {
      runGames: false,
      accounts: { rateLimitPrefix: `${prefix}rate-limit:` },
    });
    await app.fastify.ready();
    const script = spawn(
      process.execPath,
      ['scripts/cluster.mjs', '-n', String(processes), '-p', String(port)],
      {
        cwd: root,
        env: { ...process.env, ...env, ...processEnv },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const servers: ServerProcess[] = [];
    let output = '';
    const waiters = new Set<{ pattern: RegExp; resolve: () => void }>();
    script.stdout!.on('data', (chunk: Buffer) => {
      // The processes log warnings and errors only (LOG_LEVEL): show them with the test's.
      process.stdout.write(chunk);
      output += chunk.toString();
      for (const match of output.matchAll(/server \d+ \(pid (\d+)\) on (127\.0\.0\.1:\d+)/g)) {
        if (!servers.some((server) => server.pid === Number(match[1])))
          servers.push({ pid: Number(match[1]), url: `http://${match[2]}` });
      }
      for (const waiter of waiters) if (waiter.pattern.test(output)) waiter.resolve();
    });
    const printed = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const waiter = {
          pattern,
          resolve: () => {
            waiters.delete(waiter);
            resolve();
          },
        };
        waiters.add(waiter);
        script.once('exit', (code) => reject(new Error(`cluster script exited (${code}):\n${output}`)));
      });
    const ready = printed(/processes behind/);
    const cleanup = async () => {
      await app.close().catch(() => {});
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      await forgetRedisKeys(prefix);
    };
    try {
      await ready;
    } catch (error) {
      await cleanup();
      throw error;
    }
    return new TestCluster(url, servers, app, script, cleanup, printed, () => output);
  }

  /**
   * A rolling restart, as an operator asks for one (SIGHUP to the script): each process in turn
   * stops on SIGTERM and starts again. Resolves once the last one answers.
   */
  async roll(): Promise<RolledProcess[]> {
    const rolls = (this.rolls += 1);
    const done = this.printed(new RegExp(`(cluster: rolled \\d+ processes[^]*){${rolls}}`));
    const from = this.output().length;
    this.script.kill('SIGHUP');
    await done;
    return [
      ...this.output()
        .slice(from)
        .matchAll(/back in service ([\d.]+) s after it was told to stop \(([\d.]+) s to stop/g),
    ].map(([, outOfService, stop]) => ({
      outOfServiceMs: Number(outOfService) * 1000,
      stopMs: Number(stop) * 1000,
    }));
  }
  private rolls = 0;

  /** The server process whose runner drives `gameId` now, if any. */
  async runnerOf(gameId: string): Promise<ServerProcess | undefined> {
    const [row] = await this.app.database.db
      .select({ runnerId: games.runnerId })
      .from(games)
      .where(eq(games.id, gameId));
    const pid = Number(row?.runnerId?.split(':')[1]);
    return this.servers.find((server) => server.pid === pid);
  }

  /** Ctrl-C, as a person would stop it: the script stops nginx and every process. */
  async stop(): Promise<void> {
    if (this.script.exitCode === null && this.script.signalCode === null) {
      const exited = new Promise((resolve) => this.script.once('exit', resolve));
      this.script.kill('SIGINT');
      await exited;
    }
    await this.cleanup();
  }

  /** Players who exist in the database, with identity tokens signed by the app's own key. */
  players(
    count: number,
    name: string,
    options?: { registered?: boolean; host?: boolean },
  ): Promise<{ id: string; token: string }[]> {
    return insertPlayers(this.app, count, name, options);
  }

  /** A game straight into the database, in a room of its own unless `roomId` names one. */
  async game(options: {
    startsInMs: number;
    maxTickets: number;
    timings?: Record<string, number>;
    roomId?: string;
  }): Promise<{ gameId: string; roomId: string }> {
    const roomId =
      options.roomId ?? (await insertRoom(this.app.database.db, `Cluster ${randomUUID().slice(0, 8)}`));
    return { gameId: await insertGame(this.app.database.db, roomId, options), roomId };
  }
}

/** `count` consecutive free ports; returns the first. */
async function freeRun(count: number): Promise<number> {
  for (;;) {
    const first = await freePort();
    let free = true;
    for (let i = 1; i < count && free; i++) {
      free = await new Promise<boolean>((resolve) => {
        const probe = request({ host: '127.0.0.1', port: first + i, method: 'HEAD' });
        probe.once('error', () => resolve(true));
        probe.once('response', () => resolve(false));
        probe.end();
      });
    }
    if (free) return first;
  }
}

/** Deletes this run's keys (never anyone else's: the shared Redis is never flushed). */
export async function forgetRedisKeys(prefix: string): Promise<void> {
  const redis = createClient({ url: process.env.REDIS_URL });
  redis.on('error', () => {});
  await redis.connect();
  const keys: string[] = [];
  for await (const batch of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) keys.push(...batch);
  if (keys.length) await redis.del(keys);
  await redis.quit();
}

/**
 * A JSON POST from a given loopback address (nginx is sticky by address, so a spread of
 * addresses spreads the requests over the processes).
 */
export function postFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const outgoing = request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
