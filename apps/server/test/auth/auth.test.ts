import { generateKeyPair, SignJWT, exportJWK } from 'jose';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameSocket } from '../support/live';
import { startTestApp, type TestApp } from '../support/test-app';
import { Browser, decodeJwt, identityToken, registeredPlayer, signUp } from '../support/http';
import { MANY_SIGN_UPS } from '../support/show';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp(
    { ADMIN_EMAILS: 'host@example.com' },
    {
      reachablePublicUrl: true,
      // Many sign-ups from one address; the limits have their own test file.
      accounts: {
        limits: MANY_SIGN_UPS,
        rateLimitPrefix: `test:${process.pid}:${Date.now()}:`,
      },
    },
  );
});

afterAll(async () => {
  await server?.close();
});

const publicUrl = () => server.app.accounts.auth.options.baseURL as string;

async function json(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as Record<string, unknown>;
}

describe('sign-up, identity token and operator registration', () => {
  it('signs up, gets a 15-minute EdDSA token, registers, then the token carries the operator', async () => {
    const browser = new Browser(server.url);
    const response = await browser.post('/api/auth/sign-up/email', {
      email: 'Alice@Example.com',
      password: 'secret1',
      name: 'Alice Smith',
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('ruthless.session_token='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const { user } = (await response.json()) as { user: { id: string; email: string } };
    expect(user.email).toBe('alice@example.com');

    const token = await identityToken(browser);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('EdDSA');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: user.id,
      name: 'Alice Smith',
      email: 'alice@example.com',
      iss: publicUrl(),
      aud: publicUrl(),
    });
    expect(claims.operator).toBeUndefined();
    expect(claims.role).toBeUndefined();
    expect((claims.exp as number) - (claims.iat as number)).toBe(15 * 60);

    // Without the operator claim the settings are refused.
    const refused = await browser.get('/api/operator/user', { authorization: token });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({
      code: 'permission-denied',
      message: "You don't have permission to access this resource.",
    });

    const body = { email: 'alice@example.com', firstName: 'Alice', lastName: 'Smith', operator: 'enlivon' };
    for (let i = 0; i < 2; i++) {
      const registered = await browser.post('/api/operator/auth', body, { authorization: `Bearer ${token}` });
      expect(registered.status).toBe(200);
      expect(await json(registered)).toEqual({ playerUuid: user.id, operator: 'enlivon' });
    }

    const fresh = await identityToken(browser);
    expect(decodeJwt(fresh)).toMatchObject({ sub: user.id, operator: 'enlivon' });
    const settings = await browser.get('/api/operator/user', { authorization: fresh });
    expect(settings.status).toBe(200);
    expect(await json(settings)).toEqual({
      alias: null,
      phoneNumber: null,
      defaultChoice: null,
      dobDay: null,
      dobMonth: null,
      dobYear: null,
      marketingAccepted: null,
    });
  });

  it('publishes the signing keys at /api/auth/jwks', async () => {
    const response = await fetch(`${server.url}/api/auth/jwks`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: { alg: string; crv: string; d?: string }[] };
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ alg: 'EdDSA', crv: 'Ed25519' });
    expect(keys[0]!.d).toBeUndefined();
  });

  it('refuses a registration with another operator or another email', async () => {
    const { browser, token } = await signUp(server.url, 'bob@example.com');
    const wrongOperator = await browser.post(
      '/api/operator/auth',
      { email: 'bob@example.com', firstName: 'B', lastName: 'C', operator: 'other' },
      { authorization: token },
    );
    expect(wrongOperator.status).toBe(400);
    expect(await json(wrongOperator)).toMatchObject({
      field: 'operator',
      message: "operator: expects 'enlivon'",
    });
    const wrongEmail = await browser.post(
      '/api/operator/auth',
      { email: 'someone@example.com', firstName: 'B', lastName: 'C', operator: 'enlivon' },
      { authorization: token },
    );
    expect(wrongEmail.status).toBe(403);
    expect(await json(wrongEmail)).toMatchObject({ field: 'email' });
  });

  it('gives the host role only to a proven ADMIN_EMAILS mailbox', async () => {
    const { token, userId } = await signUp(server.url, 'host@example.com');
    expect(decodeJwt(token).role).toBeUndefined();
    // Listed but not proven yet: the app can say how to prove it.
    expect(decodeJwt(token).hostPending).toBe(true);
    expect(decodeJwt((await signUp(server.url, 'not-listed@example.com')).token).hostPending).toBeUndefined();
    await server.app.accounts.auth.$context.then((context) =>
      context.internalAdapter.updateUser(userId, { emailVerified: true }),
    );
    const { browser } = await signInAs('host@example.com');
    const proven = decodeJwt(await identityToken(browser));
    expect(proven).toMatchObject({ role: 'host' });
    expect(proven.hostPending).toBeUndefined();
  });

  it('refuses a second account with the same email', async () => {
    await signUp(server.url, 'carol@example.com');
    const response = await new Browser(server.url).post('/api/auth/sign-up/email', {
      email: 'CAROL@example.com',
      password: 'another-secret',
      name: 'Carol',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await json(response)).toMatchObject({
      code: 'auth/email-already-in-use',
      message: 'An account with this email already exists.',
    });
  });

  it('tells a player who signed up but never registered the truth on the socket, not "expired"', async () => {
    const { token } = await signUp(server.url, 'unregistered@example.com');
    const socket: GameSocket = connectSocket(server.url, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    try {
      const gameUuid = crypto.randomUUID();
      const denied = { ok: false, message: "You don't have permission to access this resource." };
      expect(await socket.emitWithAck('game:join', { gameUuid, lastSeq: null })).toEqual(denied);
      expect(await socket.emitWithAck('game:choice', { gameUuid, choice: 'share' })).toEqual(denied);
    } finally {
      socket.close();
    }
  });
});

async function signInAs(email: string, password = 'secret-pass-1') {
  const browser = new Browser(server.url);
  const response = await browser.post('/api/auth/sign-in/email', { email, password });
  return { browser, response };
}

describe('sign-in and sign-out', () => {
  it('signs in, tells a wrong password from an unknown email, signs out', async () => {
    await signUp(server.url, 'dave@example.com');
    const ok = await signInAs('dave@example.com');
    expect(ok.response.status).toBe(200);
    const token = await identityToken(ok.browser);
    expect(decodeJwt(token).email).toBe('dave@example.com');

    const wrong = await signInAs('dave@example.com', 'not-the-password');
    expect(wrong.response.status).toBe(401);
    expect(await json(wrong.response)).toEqual({
      statusCode: 401,
      code: 'auth/wrong-password',
      message: 'Incorrect password. Please try again.',
    });

    const unknown = await signInAs('nobody@example.com', 'whatever-1');
    expect(unknown.response.status).toBe(401);
    expect(await json(unknown.response)).toEqual({
      statusCode: 401,
      code: 'auth/user-not-found',
      message: 'No account found with this email.',
    });

    const out = await ok.browser.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    const after = await ok.browser.get('/api/auth/token');
    expect(after.status).toBe(401);
    expect(await json(after)).toMatchObject({ code: 'auth/unauthorized' });
  });

  it('refuses a cookie-carrying post from a foreign origin', async () => {
    const { browser } = await signUp(server.url, 'mallory-target@example.com');
    const forged = await browser.post('/api/auth/sign-out', {}, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect((await json(forged)).code).toMatch(/^auth\//);
    expect((await browser.get('/api/auth/token')).status).toBe(200);
  });

  it('stores passwords as argon2id (19 MiB, t=2)', async () => {
    const { userId } = await signUp(server.url, 'erin@example.com');
    const context = await server.app.accounts.auth.$context;
    const accounts = await context.internalAdapter.findAccounts(userId);
    const hash = accounts.find((account) => account.providerId === 'credential')?.password;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('says Google is unavailable when it is not configured', async () => {
    const response = await fetch(`${server.url}/api/auth/providers`);
    expect(await json(response)).toEqual({ emailPassword: true, google: false });
    const social = await new Browser(server.url).post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/login',
    });
    expect(social.status).toBeGreaterThanOrEqual(400);
    expect(social.status).toBeLessThan(500);
  });
});

describe('identity tokens on the API', () => {
  let player: Awaited<ReturnType<typeof registeredPlayer>>;
  beforeAll(async () => {
    player = await registeredPlayer(server.url, 'frank@example.com');
  });

  const settingsWith = (authorization: string | undefined) =>
    fetch(`${server.url}/api/operator/user`, {
      headers: authorization === undefined ? {} : { authorization },
    });

  it('accepts the token unprefixed and with Bearer', async () => {
    expect((await settingsWith(player.token)).status).toBe(200);
    expect((await settingsWith(`Bearer ${player.token}`)).status).toBe(200);
  });

  async function expectRefused(authorization: string | undefined, message: RegExp) {
    const response = await settingsWith(authorization);
    expect(response.status).toBe(401);
    const body = await json(response);
    expect(body).toMatchObject({ code: 'auth/unauthorized', field: 'authorization' });
    expect(body.message).toMatch(message);
  }

  it('refuses a missing, garbled or oversized token', async () => {
    await expectRefused(undefined, /required/);
    await expectRefused('Bearer', /required|not valid/);
    await expectRefused('not-a-jwt', /not valid/);
    await expectRefused(`Bearer ${'a'.repeat(10_000)}`, /not valid/);
  });

  it('refuses a forged signature, alg none, HS256 and a foreign key', async () => {
    const [header, payload] = player.token.split('.');
    // Claims changed, signature kept.
    const changed = Buffer.from(
      JSON.stringify({ ...decodeJwt(player.token), sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    await expectRefused(`${header}.${changed}.${player.token.split('.')[2]}`, /not valid/);
    // alg: none.
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expectRefused(`${none}.${payload}.`, /not valid/);
    // HS256 keyed with the public key.
    const jwks = (await (await fetch(`${server.url}/api/auth/jwks`)).json()) as {
      keys: { kid: string; x: string }[];
    };
    const hs = await new SignJWT(decodeJwt(player.token))
      .setProtectedHeader({ alg: 'HS256', kid: jwks.keys[0]!.kid })
      .sign(new TextEncoder().encode(jwks.keys[0]!.x));
    await expectRefused(hs, /not valid/);
    // Our own Ed25519 key, presenting the server's key id.
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    expect((await exportJWK(publicKey)).kty).toBe('OKP');
    const foreign = await new SignJWT(decodeJwt(player.token))
      .setProtectedHeader({ alg: 'EdDSA', kid: jwks.keys[0]!.kid })
      .sign(privateKey);
    await expectRefused(foreign, /not valid/);
  });

  it('refuses an expired token and one for another issuer or audience', async () => {
    const api = server.app.accounts.auth.api;
    const now = Math.floor(Date.now() / 1000);
    const claims = decodeJwt(player.token);
    const sign = async (payload: Record<string, unknown>) =>
      (await api.signJWT({ body: { payload: { ...claims, ...payload } } })).token;
    await expectRefused(await sign({ iat: now - 3600, exp: now - 60 }), /expired/);
    await expectRefused(await sign({ iss: 'https://elsewhere.example' }), /not valid/);
    await expectRefused(await sign({ aud: 'https://elsewhere.example' }), /not valid/);
    expect((await settingsWith(await sign({}))).status).toBe(200);
  });

  it('verifies tokens for the socket handshake too', async () => {
    await expect(server.app.fastify.verifyIdentityToken(player.token)).resolves.toMatchObject({
      id: player.userId,
      email: 'frank@example.com',
      operator: 'enlivon',
      role: null,
    });
    await expect(server.app.fastify.verifyIdentityToken('nope')).rejects.toThrow();
  });
});

describe('bad input on the auth endpoints: 4xx with a JSON message naming the field', () => {
  const cases: [string, string, unknown, number, RegExp, string | undefined][] = [
    [
      'sign-up without email',
      '/api/auth/sign-up/email',
      { password: 'secret1', name: 'X' },
      400,
      /Email cannot be empty/,
      'email',
    ],
    [
      'sign-up with a bad email',
      '/api/auth/sign-up/email',
      { email: 'nope', password: 'secret1', name: 'X' },
      400,
      /Please enter a valid email address/,
      'email',
    ],
    [
      'sign-up with an email as a number',
      '/api/auth/sign-up/email',
      { email: 42, password: 'secret1', name: 'X' },
      400,
      /Please enter a valid email address/,
      'email',
    ],
    [
      'sign-up with a short password',
      '/api/auth/sign-up/email',
      { email: 'x1@example.com', password: '12345', name: 'X' },
      400,
      /^Password should be at least 6 characters\.$/,
      'password',
    ],
    [
      'sign-up with an oversized password',
      '/api/auth/sign-up/email',
      { email: 'x2@example.com', password: 'p'.repeat(129), name: 'X' },
      400,
      /128/,
      'password',
    ],
    [
      'sign-up with an oversized email',
      '/api/auth/sign-up/email',
      { email: `${'a'.repeat(300)}@example.com`, password: 'secret1', name: 'X' },
      400,
      /valid email/,
      'email',
    ],
    [
      'sign-up with a name as an object',
      '/api/auth/sign-up/email',
      { email: 'x3@example.com', password: 'secret1', name: {} },
      400,
      /name/,
      'name',
    ],
    [
      'sign-up with an unknown field',
      '/api/auth/sign-up/email',
      { email: 'x4@example.com', password: 'secret1', name: 'X', admin: true },
      400,
      /admin/,
      'admin',
    ],
    [
      'sign-in without a password',
      '/api/auth/sign-in/email',
      { email: 'x@example.com' },
      400,
      /Password is required/,
      'password',
    ],
    [
      'sign-in with a password as a number',
      '/api/auth/sign-in/email',
      { email: 'x@example.com', password: 123456 },
      400,
      /Password is required/,
      'password',
    ],
    ['sign-in with a body as an array', '/api/auth/sign-in/email', [1, 2], 400, /expected object/, undefined],
    [
      'reset request without email',
      '/api/auth/request-password-reset',
      {},
      400,
      /Email cannot be empty/,
      'email',
    ],
    [
      'reset without a token',
      '/api/auth/reset-password',
      { newPassword: 'secret1' },
      400,
      /Your code is invalid\./,
      'token',
    ],
    [
      'reset with a short password',
      '/api/auth/reset-password',
      { newPassword: '123', token: 'abc' },
      400,
      /Password should be at least 6 characters/,
      'newPassword',
    ],
    [
      'social sign-in with another provider',
      '/api/auth/sign-in/social',
      { provider: 'github' },
      400,
      /provider/,
      'provider',
    ],
  ];

  it.each(cases)('%s', async (_name, path, body, status, message, field) => {
    const response = await new Browser(server.url).post(path, body);
    expect(response.status).toBe(status);
    const answer = await json(response);
    expect(answer.message).toMatch(message);
    expect(answer.field).toBe(field);
    expect(answer.statusCode).toBe(status);
  });

  it('answers malformed JSON with a 400', async () => {
    const response = await new Browser(server.url).post('/api/auth/sign-in/email', '{"email":');
    expect(response.status).toBe(400);
    expect((await json(response)).message).toMatch(/body/);
  });

  it('answers an unknown auth endpoint with a 404', async () => {
    const response = await new Browser(server.url).post('/api/auth/nothing-here', {});
    expect(response.status).toBe(404);
    await json(response);
  });
});

describe('bad input on /api/operator/auth', () => {
  it.each([
    ['missing operator', { email: 'gina@example.com', firstName: 'G', lastName: 'H' }, 'operator'],
    ['operator as a number', { email: 'gina@example.com', operator: 1 }, 'operator'],
    ['missing email', { operator: 'enlivon' }, 'email'],
    [
      'oversized first name',
      { email: 'gina@example.com', firstName: 'x'.repeat(51), operator: 'enlivon' },
      'firstName',
    ],
    ['unknown field', { email: 'gina@example.com', operator: 'enlivon', role: 'host' }, undefined],
  ])('%s', async (_name, body, field) => {
    const { browser, token } = await signUp(
      server.url,
      `gina-${Math.random().toString(36).slice(2)}@example.com`,
    );
    const response = await browser.post('/api/operator/auth', body, { authorization: token });
    expect(response.status).toBe(400);
    const answer = await json(response);
    expect(answer.field).toBe(field);
    if (field) expect(String(answer.message)).toMatch(new RegExp(field, 'i'));
    else expect(answer.message).toMatch(/role/);
  });

  it('needs a token', async () => {
    const response = await fetch(`${server.url}/api/operator/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com', operator: 'enlivon' }),
    });
    expect(response.status).toBe(401);
  });
});
