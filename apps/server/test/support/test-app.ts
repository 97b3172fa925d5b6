import webPush from 'web-push';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app';
import type { AccountsOptions } from '../../src/auth/accounts';
import type { SocketEventLimits } from '../../src/realtime/socket-server';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { adminQuery, copyPgliteTemplate, databaseOn, type DatabaseTemplates } from './database-template';

export interface TestApp {
  app: App;
  url: string;
  /** The scratch PostgreSQL database of this app, when DATABASE_URL is set. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * The run's migrated databases (suite-setup.ts), when Vitest's server project made them; none
 * when this module runs outside Vitest (the benchmarks).
 */
function databaseTemplates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

/**
 * Starts the real app on a real database, listening on a free port: PGlite in a fresh folder
 * by default, or a fresh database on the PostgreSQL of DATABASE_URL when it is set (CI). Either
 * starts as a copy of the run's migrated template (database-template.ts).
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
    /** False: no sweep of email reminders (the test sweeps itself). */
    sendReminders?: boolean;
    /** False: no automatic host (the test drives games, or keeps them waiting). */
    runGames?: boolean;
    /** Where the app's log lines go (set LOG_LEVEL in env to see them). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const port = options.reachablePublicUrl ? await freePort() : 0;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-test-'));
  // A test that brings its own database (env.DATABASE_URL) needs no scratch one.
  const templates = databaseTemplates();
  const database =
    process.env.DATABASE_URL && env.DATABASE_URL === undefined
      ? await createScratchDatabase(process.env.DATABASE_URL, { template: templates?.postgresDatabase })
      : undefined;
  const databaseUrl = env.DATABASE_URL ?? database?.url;
  if (!databaseUrl && env.DATA_DIR === undefined && templates) await copyPgliteTemplate(templates, dataDir);
  // A production process only checks the schema (db/database.ts): migrate first, as a deploy does.
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
    // This test file's own (file-setup.ts).
    ...(process.env.REDIS_PREFIX ? { REDIS_PREFIX: process.env.REDIS_PREFIX } : {}),
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

/**
 * A database of its own for one test file, dropped afterwards: empty, or a copy of `template`
 * (a database on the same server that no one is connected to).
 */
export async function createScratchDatabase(
  serverUrl: string,
  { template }: { template?: string | undefined } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ruthless_test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseOn(serverUrl, name),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
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
    ...vapidKeyEnv(),
    ...overrides,
  };
}

/** A fresh VAPID key pair, as `npx web-push generate-vapid-keys` makes one (production needs it). */
export function vapidKeyEnv(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
}
