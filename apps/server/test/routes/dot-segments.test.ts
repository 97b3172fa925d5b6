import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import type { Browser } from '../support/http';
import { rawRequest, signUp } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';
import { MANY_SIGN_UPS } from '../support/show';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp(
    { ADMIN_EMAILS: 'host@example.com' },
    {
      reachablePublicUrl: true,
      accounts: {
        limits: MANY_SIGN_UPS,
      },
    },
  );
});

afterAll(async () => {
  await server?.close();
});

const DOT_SEGMENTS = {
  statusCode: 400,
  code: 'request/invalid',
  message: "path: must not contain '.' or '..' segments",
};
const SCRIPT_IMAGE = 'javascript:alert(document.domain)';

/** A request as a browser on the app's page would send it (origin and session cookie), path verbatim. */
function post(target: string, json: unknown, browser?: Browser) {
  const cookies = browser ? [...browser.cookies(server.url)].map(([name, value]) => `${name}=${value}`) : [];
  return rawRequest(server.url, 'POST', target, {
    json,
    headers: { origin: server.url, ...(cookies.length ? { cookie: cookies.join('; ') } : {}) },
  });
}

async function storedUser(email: string) {
  const [user] = await server.app.database.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('dot segments never reach a route by another spelling', () => {
  it('refuses sign-up through /./ and %2e, storing nothing', async () => {
    for (const [index, target] of [
      '/api/auth/./sign-up/email',
      '/api/auth/%2e/sign-up/email',
      '/api/auth/%2E%2e/auth/sign-up/email',
      '/api/auth/x/../sign-up/email',
    ].entries()) {
      const email = `dots${index}@example.com`;
      const answer = await post(target, {
        email,
        password: 'secret-pass-1',
        name: `Dots${'\u202e'}${'x'.repeat(150)}`,
        image: SCRIPT_IMAGE,
      });
      expect(answer.status, `${target}: ${answer.body}`).toBe(400);
      expect(JSON.parse(answer.body)).toEqual(DOT_SEGMENTS);
      expect(await storedUser(email)).toBeUndefined();
    }
  });

  it('refuses update-user and delete-user through /./: the account is unchanged', async () => {
    const player = await signUp(server.url, 'kept@example.com');
    const update = await post(
      '/api/auth/./update-user',
      { image: SCRIPT_IMAGE, name: `${'\u202e'}${'y'.repeat(150)}` },
      player.browser,
    );
    expect(update.status).toBe(400);
    expect(JSON.parse(update.body)).toEqual(DOT_SEGMENTS);
    const deletion = await post('/api/auth/./delete-user', {}, player.browser);
    expect(deletion.status).toBe(400);
    expect(JSON.parse(deletion.body)).toEqual(DOT_SEGMENTS);
    expect(await storedUser('kept@example.com')).toMatchObject({ name: 'Test Player', image: null });
  });

  it('refuses an auth path that URL parsing would change (a backslash) before Better Auth reads it', async () => {
    const answer = await post('/api/auth/sign-up\\email', {
      email: 'slash@example.com',
      password: 'secret-pass-1',
      name: 'Slash',
      image: SCRIPT_IMAGE,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'request/invalid' });
    expect(await storedUser('slash@example.com')).toBeUndefined();
  });

  it('refuses dot segments on every route, not only /api/auth', async () => {
    for (const [method, target] of [
      ['GET', '/api/./rooms'],
      ['GET', '/./health'],
      ['GET', '/api/host/%2e%2e/rooms'],
      ['GET', '/room-images/../x.png'],
      ['GET', '/lobby/%2E/'],
      ['PATCH', `http://127.0.0.1/api/host/./rooms/${crypto.randomUUID()}`],
    ] as const) {
      const answer = await rawRequest(server.url, method, target);
      expect(answer.status, `${method} ${target}`).toBe(400);
      expect(JSON.parse(answer.body), `${method} ${target}`).toEqual(DOT_SEGMENTS);
    }
    // Dots inside a name are not segments.
    expect((await rawRequest(server.url, 'GET', '/health?x=./..')).status).toBe(200);
  });
});
