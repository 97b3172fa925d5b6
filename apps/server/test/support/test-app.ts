import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { buildApp, type App } from '../../src/app';
import type { AccountsOptions } from '../../src/auth/accounts';
import type { SocketEventLimits } from '../../src/realtime/socket-server';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';

export interface TestApp {
  app: App;
  url: string;
  /** The scratch PostgreSQL database of this app, when DATABASE_URL is set. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * Starts the real app on a real database, listening on a free port: PGlite in a fresh folder
 * by default, or a fresh database on the PostgreSQL of DATABASE_URL when it is set (CI).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    webDist?: string;
    accounts?: AccountsOptions;
    /**
     * Listen on a port chosen before the app is built and set PUBLIC_URL to it, for tests that
     * need the public address to be reachable (OIDC redirects, cookies, token issuer).
     */
    reachablePublicUrl?: boolean;
    /** Overrides of the socket event limits (flood tests use small ones, a fuzzer large ones). */
    socketEventLimits?: SocketEventLimits;
    /** Where the app's log lines go (set LOG_LEVEL in env to see them). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const port = options.reachablePublicUrl ? await freePort() : 0;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-test-'));
  // A test that brings its own database (env.DATABASE_URL) needs no scratch one.
  const database =
    process.env.DATABASE_URL && env.DATABASE_URL === undefined
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
  // A production process only checks the schema (db/database.ts): migrate first, as a deploy does.
  const databaseUrl = env.DATABASE_URL ?? database?.url;
  if (databaseUrl && env.NODE_ENV === 'production') {
    await (await openDatabase({ databaseUrl, dataDir, migrations: 'apply' })).close();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...(port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    REDIS_URL: process.env.REDIS_URL,
    ...env,
  });
  // Each app counts its own rate limits, so test files sharing a Redis (CI) never use up each
  // other's allowance; a test that spreads one app over processes passes the shared prefix.
  const accounts = { rateLimitPrefix: `test:${randomUUID()}:`, ...options.accounts };
  const app = await buildApp(config, { ...options, accounts });
  await app.fastify.listen({ port, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${boundPort}`,
    databaseUrl: database?.url,
    async close() {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database of its own for one test file, dropped afterwards. */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ruthless_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A port nothing listens on right now, below Linux's ephemeral range (32768+) so that outgoing
 * connections made while the app starts (database, Redis) cannot take it meanwhile.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const candidate = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.unref();
      server.once('error', () => resolve(false));
      server.listen(candidate, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
}

/** Polls GET /health until the server answers (any status) or the time runs out. */
export async function waitForHealth(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`${url}/health`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** What production requires (config.ts), set safely: a fresh secret, https, a mail server. */
export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('base64'),
    PUBLIC_URL: 'https://ruthless.test',
    // Never dialled: these apps send no mail.
    SMTP_URL: 'smtp://127.0.0.1:9',
    ...overrides,
  };
}
