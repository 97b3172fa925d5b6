import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import { queryRows } from '../../src/db/database';
import { jwks } from '../../src/db/schema';
import { insertPlayers } from '../support/fixtures';
import { createScratchDatabase, productionEnv, startTestApp, type TestApp } from '../support/test-app';

const METRICS_TOKEN = randomBytes(32).toString('base64url');

describe('a production server', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(productionEnv({ METRICS_TOKEN }));
  });
  afterAll(() => server.close());

  it.each(['/metrics', '/api/docs', '/api/docs/json', '/api/docs/static/index.html'])(
    'answers %s 404 without the metrics token, or with a wrong one',
    async (page) => {
      for (const authorization of [
        undefined,
        'Bearer wrong',
        `Basic ${METRICS_TOKEN}`,
        `Bearer ${METRICS_TOKEN}x`,
      ]) {
        const response = await fetch(`${server.url}${page}`, {
          headers: authorization ? { authorization } : {},
        });
        expect(response.status, `${page} with ${authorization}`).toBe(404);
        expect(await response.text()).not.toContain('process_cpu');
      }
    },
  );

  it('shows /metrics and /api/docs to the metrics token', async () => {
    const headers = { authorization: `Bearer ${METRICS_TOKEN}` };
    const metrics = await fetch(`${server.url}/metrics`, { headers });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('nodejs_eventloop_lag_p99_seconds');
    const docs = await fetch(`${server.url}/api/docs/json`, { headers });
    expect(docs.status).toBe(200);
    expect(((await docs.json()) as { info: { title: string } }).info.title).toBe('Ruthless API');
  });

  it('asks browsers for HTTPS only, on every answer (the proxy in front speaks TLS)', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('sets only secure cookies', async () => {
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://ruthless.test' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@ruthless.test', password: 'correct horse' }),
    });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Secure-ruthless\./);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
    }
  });
});

describe('a production server without a metrics token', () => {
  it('keeps /metrics and /api/docs to itself', async () => {
    const server = await startTestApp(productionEnv());
    try {
      for (const page of ['/metrics', '/api/docs/json']) {
        const response = await fetch(`${server.url}${page}`, {
          headers: { authorization: 'Bearer anything' },
        });
        expect(response.status, page).toBe(404);
      }
    } finally {
      await server.close();
    }
  });
});

describe('the auth secret', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  /** A database of its own that several apps open one after another, as a deployment's restarts. */
  async function database(): Promise<Record<string, string>> {
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL);
      cleanups.push(() => scratch.drop());
      return { DATABASE_URL: scratch.url };
    }
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-secrets-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }
  const secret = () => randomBytes(32).toString('base64');

  it('takes over from the generated secret, then rotates, keeping identity tokens valid', async () => {
    const shared = { ...(await database()), PUBLIC_URL: 'https://ruthless.test' };
    // Before AUTH_SECRET: the server generated its secret and made its signing key with it.
    const before = await startTestApp(shared);
    const [player] = await insertPlayers(before.app, 1, 'Rotation');
    await before.close();

    const first = secret();
    const configured = await startTestApp(productionEnv({ ...shared, AUTH_SECRET: first }));
    try {
      // The identity token made before still verifies, and new ones are signed with the same key.
      await expect(configured.app.fastify.verifyIdentityToken(player!.token)).resolves.toMatchObject({
        id: player!.id,
      });
      const [later] = await insertPlayers(configured.app, 1, 'Later');
      await expect(configured.app.fastify.verifyIdentityToken(later!.token)).resolves.toBeTruthy();
    } finally {
      await configured.close();
    }

    const rotated = await startTestApp(
      productionEnv({ ...shared, AUTH_SECRET: secret(), AUTH_PREVIOUS_SECRETS: first }),
    );
    try {
      const [afterRotation] = await insertPlayers(rotated.app, 1, 'Rotated');
      await expect(rotated.app.fastify.verifyIdentityToken(afterRotation!.token)).resolves.toBeTruthy();
      await expect(rotated.app.fastify.verifyIdentityToken(player!.token)).resolves.toBeTruthy();
    } finally {
      await rotated.close();
    }
  });

  it('retires an old secret: the signing keys deleted, the next token makes a new pair', async () => {
    const shared = await database();
    const old = secret();
    const before = await startTestApp(productionEnv({ ...shared, AUTH_SECRET: old }));
    const [player] = await insertPlayers(before.app, 1, 'Retired');
    // docs/operations.md, Rotate secrets: between shows, `delete from jwks;`, then restart.
    await before.app.database.db.delete(jwks);
    await before.close();

    const after = await startTestApp(productionEnv({ ...shared, AUTH_SECRET: secret() }));
    try {
      const [fresh] = await insertPlayers(after.app, 1, 'Fresh');
      await expect(after.app.fastify.verifyIdentityToken(fresh!.token)).resolves.toBeTruthy();
      // A token signed with the deleted key is refused; the app fetches a new one with its session.
      await expect(after.app.fastify.verifyIdentityToken(player!.token)).rejects.toThrow();
    } finally {
      await after.close();
    }
  });

  it("keeps a deleted account's break matching through a rotation, and will not start without its secret", async () => {
    const shared = await database();
    const first = secret();
    const made = await startTestApp(productionEnv({ ...shared, AUTH_SECRET: first }));
    const [leaving] = await insertPlayers(made.app, 1, 'Leaving');
    const [{ email }] = (await queryRows<{ email: string }>(
      made.app.database.db,
      sql`select email from users where id = ${leaving!.id}`,
    )) as [{ email: string }];
    await made.app.database.db
      .execute(sql`insert into play_breaks (user_id, kind, period, started_at, ends_at)
      values (${leaving!.id}, 'self-exclusion', '1y', now(), now() + interval '1 year')`);
    // docs/player-app.md, Delete my account: the break is kept, then the user goes.
    await made.app.accounts.keptBreaks.keep(leaving!.id);
    await made.app.database.db.execute(sql`delete from users where id = ${leaving!.id}`);
    await made.close();

    // Rotated, the old secret listed: a new account with the same email is on the break.
    const rotated = await startTestApp(
      productionEnv({ ...shared, AUTH_SECRET: secret(), AUTH_PREVIOUS_SECRETS: first }),
    );
    try {
      const returning = randomUUID();
      await rotated.app.database.db.execute(
        sql`insert into users (id, name, email) values (${returning}, 'Back', ${email})`,
      );
      await rotated.app.accounts.keptBreaks.restore(returning);
      const given = await queryRows(
        rotated.app.database.db,
        sql`select kind from play_breaks where user_id = ${returning}`,
      );
      expect(given).toEqual([{ kind: 'self-exclusion' }]);
      // Its signing keys retired (docs/operations.md, Rotate secrets), the old secret is only kept
      // for the break.
      await rotated.app.database.db.delete(jwks);
    } finally {
      await rotated.close();
    }
    await expect(startTestApp(productionEnv({ ...shared, AUTH_SECRET: secret() }))).rejects.toThrow(
      "Invalid configuration: AUTH_SECRET cannot match 1 break(s) kept after an account's deletion: list the secret they were kept with in AUTH_PREVIOUS_SECRETS until they end (docs/operations.md, Rotate secrets)",
    );
  });

  it('refuses to start on a secret that cannot read the signing keys, and says what to do', async () => {
    const shared = await database();
    const made = await startTestApp(productionEnv({ ...shared, AUTH_SECRET: secret() }));
    await insertPlayers(made.app, 1, 'Keyed');
    await made.close();
    // Better Auth would start, then fail every sign-in with a 500.
    await expect(startTestApp(productionEnv({ ...shared, AUTH_SECRET: secret() }))).rejects.toThrow(
      'Invalid configuration: AUTH_SECRET cannot read 1 signing key(s) in the database: list the secret they were made with in AUTH_PREVIOUS_SECRETS (docs/operations.md, Rotate secrets)',
    );
  });
});

describe('logs', () => {
  const production = loadConfig(productionEnv());
  const development = loadConfig({ NODE_ENV: 'development' });

  it('are JSON in production, even at a terminal, and JSON off a terminal', async () => {
    expect((await loggerOptions(production, true)).stream).toBeUndefined();
    expect((await loggerOptions(development, false)).stream).toBeUndefined();
  });

  it('are readable lines for a person at a terminal outside production', async () => {
    let written = '';
    const terminal = new PassThrough();
    terminal.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const options = await loggerOptions(development, true, terminal);
    const stream = options.stream as Writable;
    // One JSON line in, as pino writes it; one readable line out.
    const line = { level: 30, time: Date.now(), pid: 1, hostname: 'h', msg: 'Ruthless is live' };
    stream.write(`${JSON.stringify(line)}\n`);
    await vi.waitFor(() => expect(written).toMatch(/INFO.*Ruthless is live/));
    expect(written).not.toContain('{"level"');
  });
});
