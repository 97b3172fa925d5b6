import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users, verifications } from '../src/db/schema';
import { insertGame, insertRoom } from './support/fixtures';
import { startTestApp, type TestApp } from './support/test-app';
import { Browser, decodeJwt, identityToken, registeredPlayer, signUp } from './support/http';
import { api, withDetails, type GameSocket } from './support/live';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp(
    { TRUST_PROXY: 'true', ADMIN_EMAILS: 'host@example.com', ALLOWED_ORIGINS: 'https://partner.example' },
    {
      reachablePublicUrl: true,
      accounts: {
        limits: {
          signInPerIp: { window: 60, max: 100 },
          signUpPerIp: { window: 60, max: 100 },
          resetRequestPerIp: { window: 60, max: 100 },
          failedSignInsPerAccount: { window: 900, max: 3 },
        },
        rateLimitPrefix: `test:security:${process.pid}:${Date.now()}:`,
      },
    },
  );
});

afterAll(async () => {
  await server?.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const signIn = (email: string, password: string, ip: string) =>
  new Browser(server.url).post('/api/auth/sign-in/email', { email, password }, from(ip));

async function requestCode(email: string, ip = '10.40.0.1'): Promise<string> {
  const before = (await server.app.accounts.mailRepository.listRecent(100)).filter(
    (mail) => mail.to === email,
  ).length;
  const response = await new Browser(server.url).post(
    '/api/auth/request-password-reset',
    { email },
    from(ip),
  );
  expect(response.status).toBe(200);
  // The mail goes out after the reply.
  return vi.waitFor(
    async () => {
      const mails = (await server.app.accounts.mailRepository.listRecent(100)).filter(
        (mail) => mail.to === email,
      );
      if (mails.length <= before) throw new Error(`no new reset mail for ${email}`);
      return /oobCode=([\w-]+)/.exec(mails[0]!.text)![1]!;
    },
    { timeout: 2_500, interval: 50 },
  );
}

function socket(options: { token?: string; preview?: boolean; headers?: Record<string, string> } = {}) {
  const client: GameSocket = connectSocket(server.url, {
    transports: ['websocket'],
    reconnection: false,
    auth: options.token ? { token: options.token } : { preview: options.preview ?? true },
    extraHeaders: options.headers,
  });
  return client;
}

const connected = (client: GameSocket) =>
  new Promise<boolean>((resolve) => {
    client.once('connect', () => resolve(true));
    client.once('connect_error', () => resolve(false));
  });

const disconnected = (client: GameSocket) =>
  new Promise<string>((resolve) => client.once('disconnect', (reason) => resolve(reason)));

describe('per-account lockout (items 1 and 6)', () => {
  it('counts parallel guesses before checking: of 50 sent at once from 50 addresses, only 3 are checked', async () => {
    await new Browser(server.url).post(
      '/api/auth/sign-up/email',
      { email: 'race@example.com', password: 'right-password', name: 'Race' },
      from('10.1.0.1'),
    );
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signIn('race@example.com', 'wrong-password', `10.2.0.${i + 1}`).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(47);
  });

  it('still lets the owner in from an address the account used before; strangers stay locked out', async () => {
    // race@example.com is locked for every unknown address by the test above.
    expect((await signIn('race@example.com', 'right-password', '10.3.0.1')).status).toBe(429);
    expect((await signIn('race@example.com', 'right-password', '10.1.0.1')).status).toBe(200);
    // The owner's own sign-ins do not use up the known address's allowance.
    for (let i = 0; i < 4; i++) {
      expect((await signIn('race@example.com', 'right-password', '10.1.0.1')).status).toBe(200);
    }
  });

  it('never locks out an owner who signs in rightly from many new devices', async () => {
    await new Browser(server.url).post(
      '/api/auth/sign-up/email',
      { email: 'travels@example.com', password: 'right-password', name: 'Travels' },
      from('10.5.0.1'),
    );
    for (let i = 0; i < 8; i++) {
      expect((await signIn('travels@example.com', 'right-password', `10.6.0.${i + 1}`)).status).toBe(200);
    }
  });

  it('lets the owner in from a new address once a reset mail proved the mailbox there', async () => {
    const code = await requestCode('race@example.com', '10.3.0.1');
    const reset = await new Browser(server.url).post(
      '/api/auth/reset-password',
      { newPassword: 'newer-password', token: code },
      from('10.3.0.1'),
    );
    expect(reset.status).toBe(200);
    expect((await signIn('race@example.com', 'newer-password', '10.3.0.1')).status).toBe(200);
    expect((await signIn('race@example.com', 'newer-password', '10.3.0.2')).status).toBe(429);
  });
});

describe('the dev mailbox (item 2)', () => {
  it('answers only direct connections from this machine, never what a proxy forwards', async () => {
    const direct = await startTestApp();
    try {
      expect((await fetch(`${direct.url}/dev/mailbox`)).status).toBe(200);
      // A proxy on this machine (nginx) connects from loopback on behalf of anyone.
      for (const headers of <Record<string, string>[]>[
        { 'x-forwarded-for': '203.0.113.9' },
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=203.0.113.9' },
      ]) {
        const proxied = await fetch(`${direct.url}/dev/mailbox`, { headers });
        expect(proxied.status).toBe(404);
        expect(await proxied.json()).toMatchObject({ statusCode: 404, message: 'Not found' });
      }
      const remote = await direct.app.fastify.inject({ url: '/dev/mailbox', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(404);
    } finally {
      await direct.close();
    }
  });

  it('is off behind a proxy (TRUST_PROXY) and with DEV_MAILBOX=false', async () => {
    for (const env of <Record<string, string>[]>[
      { TRUST_PROXY: '1' },
      { TRUST_PROXY: 'true' },
      { DEV_MAILBOX: 'false' },
    ]) {
      const off = await startTestApp(env);
      try {
        expect((await fetch(`${off.url}/dev/mailbox`)).status).toBe(404);
      } finally {
        await off.close();
      }
    }
  });
});

describe('reset codes (items 3 and 8)', () => {
  it('issuing a code drops the older ones; using it drops them all', async () => {
    await signUp(server.url, 'codes@example.com', 'first-password');
    const older = await requestCode('codes@example.com');
    const newer = await requestCode('codes@example.com');
    expect(older).not.toBe(newer);
    expect((await new Browser(server.url).post('/api/auth/reset-code', { code: older })).status).toBe(400);
    expect((await new Browser(server.url).post('/api/auth/reset-code', { code: newer })).status).toBe(200);
    const withOlder = await new Browser(server.url).post('/api/auth/reset-password', {
      newPassword: 'second-password',
      token: older,
    });
    expect(withOlder.status).toBe(400);
    const withNewer = await new Browser(server.url).post('/api/auth/reset-password', {
      newPassword: 'second-password',
      token: newer,
    });
    expect(withNewer.status).toBe(200);
    const [user] = await server.app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'codes@example.com'));
    const [left] = await server.app.database.db
      .select({ n: count() })
      .from(verifications)
      .where(eq(verifications.value, user!.id));
    expect(left!.n).toBe(0);
  });

  it('does the same database work for an unknown address: one code written either way', async () => {
    await signUp(server.url, 'known@example.com');
    const written = async (email: string) => {
      const rows = async () =>
        (await server.app.database.db.select({ n: count() }).from(verifications))[0]!.n;
      const before = await rows();
      const response = await new Browser(server.url).post(
        '/api/auth/request-password-reset',
        { email },
        from('10.41.0.1'),
      );
      expect(response.status).toBe(200);
      return (await rows()) - before;
    };
    expect(await written('known@example.com')).toBe(1);
    expect(await written('nobody-here@example.com')).toBe(1);
  });
});

describe('sockets keep no identity beyond their token (item 4)', () => {
  it('refuses a player action once the token expired, and takes a fresh token with auth:refresh', async () => {
    const player = await registeredPlayer(server.url, 'expiring@example.com');
    const now = Math.floor(Date.now() / 1000);
    const auth = server.app.accounts.auth.api;
    // Two to three seconds to live: with one, a token signed late in a second could expire before
    // a busy machine's handshake.
    const shortLived = (
      await auth.signJWT({ body: { payload: { ...decodeJwt(player.token), iat: now, exp: now + 3 } } })
    ).token;
    const client = socket({ token: shortLived });
    expect(await connected(client)).toBe(true);
    const gameUuid = randomUUID();
    // Asked until the token's time has run out (a game not found until then).
    await vi.waitFor(
      async () =>
        expect(await client.emitWithAck('game:choice', { gameUuid, choice: 'share' })).toEqual({
          ok: false,
          message: 'authorization: the identity token has expired.',
        }),
      { timeout: 10_000, interval: 100 },
    );
    expect(await client.emitWithAck('auth:refresh', { token: player.token })).toEqual({ ok: true });
    const afterRefresh = await client.emitWithAck('game:choice', { gameUuid, choice: 'share' });
    expect(afterRefresh.ok).toBe(false);
    expect(afterRefresh).not.toMatchObject({ message: expect.stringMatching(/token|permission/) });
    // Another player's token cannot take the socket over.
    const other = await registeredPlayer(server.url, 'other@example.com');
    expect((await client.emitWithAck('auth:refresh', { token: other.token })).ok).toBe(false);
    client.close();
  });

  it("closes a player's sockets when their password is reset", async () => {
    const player = await registeredPlayer(server.url, 'resetme@example.com');
    const client = socket({ token: player.token });
    expect(await connected(client)).toBe(true);
    const closed = disconnected(client);
    const code = await requestCode('resetme@example.com');
    const reset = await new Browser(server.url).post('/api/auth/reset-password', {
      newPassword: 'brand-new-password',
      token: code,
    });
    expect(reset.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('socket floods (item 5)', () => {
  it('closes a connection that floods game:join; the API keeps answering', async () => {
    const client = socket({ preview: true });
    expect(await connected(client)).toBe(true);
    const closed = disconnected(client);
    for (let i = 0; i < 2000; i++) {
      client.emit('game:join', { gameUuid: randomUUID(), lastSeq: null }, () => {});
    }
    expect(await closed).toBe('io server disconnect');
    expect((await fetch(`${server.url}/api/rooms?operator=enlivon`)).status).toBe(200);
  });
});

describe('games per socket (item 5)', () => {
  it('lets one socket watch at most four games at once', async () => {
    const db = server.app.database.db;
    const roomId = await insertRoom(db, 'Many');
    const created: { id: string }[] = [];
    for (let i = 1; i <= 5; i++) {
      created.push({ id: await insertGame(db, roomId, { startsInMs: i * 3_600_000, maxTickets: 10 }) });
    }
    const client = socket({ preview: true });
    expect(await connected(client)).toBe(true);
    const answers = [];
    for (const game of created) {
      answers.push(await client.emitWithAck('game:join', { gameUuid: game.id, lastSeq: null }));
    }
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, true, false]);
    expect(answers[4]).toEqual({
      ok: false,
      message: 'You are watching too many games at once. Leave one first.',
    });
    client.emit('game:leave', { gameUuid: created[0]!.id });
    expect((await client.emitWithAck('game:join', { gameUuid: created[4]!.id, lastSeq: null })).ok).toBe(
      true,
    );
    client.close();
  });
});

describe('no 5xx (item 7)', () => {
  it('refuses deeply nested JSON on /api/auth with a 400', async () => {
    const nested = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    for (const path of ['/api/auth/sign-out', '/api/auth/sign-in/email', '/api/auth/update-user']) {
      const response = await new Browser(server.url).post(path, nested);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'body: JSON nests deeper than 16 levels' });
    }
  });

  it('refuses U+0000 in any text field with a 400 naming the field', async () => {
    const response = await new Browser(server.url).post('/api/auth/sign-up/email', {
      email: 'nul@example.com',
      password: 'secret-pass-1',
      name: 'Nul\u0000Name',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      field: 'name',
      message: expect.stringContaining('U+0000'),
    });
    const query = await fetch(`${server.url}/api/rooms?x=%00`);
    expect(query.status).toBeLessThan(500);
  });

  it('answers a unique violation, even wrapped by Drizzle, with a 409', async () => {
    // A host proves the mailbox with a reset (the code read from this address's own mail).
    await registeredPlayer(server.url, 'host@example.com');
    const code = await requestCode('host@example.com');
    const reset = await new Browser(server.url).post('/api/auth/reset-password', {
      newPassword: 'host-password',
      token: code,
    });
    expect(reset.status).toBe(200);
    const hostBrowser = new Browser(server.url);
    await hostBrowser.post('/api/auth/sign-in/email', {
      email: 'host@example.com',
      password: 'host-password',
    });
    const host = { token: await identityToken(hostBrowser) };
    const first = await api(server.url, 'POST', '/api/host/rooms', host.token, {
      name: 'First',
      roomImage: '/rooms/gold-rush.svg',
    });
    const second = await api(server.url, 'POST', '/api/host/rooms', host.token, {
      name: 'Second',
      roomImage: '/rooms/gold-rush.svg',
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    const clash = await api(
      server.url,
      'PATCH',
      `/api/host/rooms/${String(second.body.roomUuid)}`,
      host.token,
      {
        name: 'First',
      },
    );
    expect(clash).toEqual({
      status: 409,
      body: expect.objectContaining({ message: 'A room with this name already exists.' }) as unknown,
    });
  });

  it('refuses a null body, a non-object auth body, a socket game id of dashes', async () => {
    const player = await registeredPlayer(server.url, 'nulls@example.com');
    const details = await fetch(`${server.url}/api/operator/user/details`, {
      method: 'PUT',
      headers: { authorization: player.token, 'content-type': 'application/json' },
      body: 'null',
    });
    expect(details.status).toBe(400);
    expect(((await details.json()) as { message: string }).message).toBeTruthy();

    for (const body of ['"text"', '5', '[1]', 'null']) {
      const callback = await new Browser(server.url).post('/api/auth/callback/google', body);
      expect(callback.status).toBeGreaterThanOrEqual(400);
      expect(callback.status).toBeLessThan(500);
    }

    const client = socket({ token: player.token });
    expect(await connected(client)).toBe(true);
    expect(await client.emitWithAck('game:choice', { gameUuid: '-'.repeat(36), choice: 'share' })).toEqual({
      ok: false,
      message: 'Invalid request',
    });
    client.close();
  });

  it("refuses a deleted player's still-valid token with a 401", async () => {
    const player = await signUp(server.url, 'deleted@example.com');
    await server.app.database.db.delete(users).where(eq(users.id, player.userId));
    const response = await api(server.url, 'POST', '/api/operator/auth', player.token, {
      email: 'deleted@example.com',
      firstName: 'Gone',
      lastName: 'Player',
      operator: 'enlivon',
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('authorization: the identity token is not valid.');
  });
});

describe('socket origins (item 9)', () => {
  it('compares the Origin with PUBLIC_URL and ALLOWED_ORIGINS only, not with the Host the client sent', async () => {
    const attempts = [
      [{ origin: 'http://evil.example', host: 'evil.example' }, false],
      [{ origin: 'https://evil.example', host: 'evil.example', 'x-forwarded-proto': 'https' }, false],
      [{ origin: server.url }, true],
      [{ origin: 'https://partner.example' }, true],
    ] as const;
    for (const [headers, allowed] of attempts) {
      const client = socket({ preview: true, headers });
      expect(await connected(client)).toBe(allowed);
      client.close();
    }
  });
});

describe('names and pictures (item 10)', () => {
  it('refuses chat names with bidi overrides or zero-width characters', async () => {
    const player = await registeredPlayer(server.url, 'bidi@example.com');
    for (const alias of ['ab\u202Ecd', 'ab\u200Bcd', 'ab\u2066cd', 'a\uFEFFbc']) {
      const response = await api(server.url, 'PATCH', '/api/operator/user', player.token, {
        alias,
        phoneNumber: '07911 123456',
        ruthlessChoice: 'share',
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('The chat name contains characters that are not allowed.');
    }
    await withDetails(server.url, player.token, 'Plain', 'share');
  });

  it('refuses a picture that is not an https address', async () => {
    const { browser } = await signUp(server.url, 'picture@example.com');
    for (const image of ['javascript:alert(1)', 'http://example.com/a.png', 'data:image/png;base64,AA']) {
      const response = await browser.post('/api/auth/update-user', { image });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ field: 'image' });
    }
    expect((await browser.post('/api/auth/update-user', { image: 'https://example.com/a.png' })).status).toBe(
      200,
    );
    const signUpWithScript = await new Browser(server.url).post('/api/auth/sign-up/email', {
      email: 'script@example.com',
      password: 'secret-pass-1',
      name: 'Script',
      image: 'javascript:alert(1)',
    });
    expect(signUpWithScript.status).toBe(400);
    expect(await identityToken(browser)).toBeTruthy();
  });

  it('answers delete-user, which is not offered, as an unknown route', async () => {
    const { browser } = await signUp(server.url, 'stay@example.com');
    const response = await browser.post('/api/auth/delete-user', {});
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Route POST /api/auth/delete-user not found' });
  });
});
