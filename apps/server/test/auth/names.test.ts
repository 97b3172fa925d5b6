import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerProfiles, users } from '../../src/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';
import { Browser, decodeJwt, identityToken, signUp } from '../support/http';
import { MANY_SIGN_UPS } from '../support/show';

// First, last and whole names follow the chat name's character rules wherever they enter
// (issue 40, docs/player-app.md: Validation): a 400 in the rule's words, and nothing stored.

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp(
    {},
    {
      reachablePublicUrl: true,
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

const db = () => server.app.database.db;
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2)}@example.com`;

/** Names the rules refuse, and the words after the field's name. */
const BAD_NAMES: [string, string, string][] = [
  ['a right-to-left override', 'Ann\u202Eyelsew', 'contains characters that are not allowed.'],
  ['a zero-width space', 'An\u200Bn Lee', 'contains characters that are not allowed.'],
  ['a terminal escape', 'Ann\u001b[2J', 'contains characters that are not allowed.'],
  ['only Hangul fillers', '\u3164\u3164', 'must contain a letter or a digit.'],
  ['a tower of accents', `Z${'\u0336'.repeat(8)}oe`, 'can have at most 4 accents on one letter.'],
];

async function expectRefused(response: Response, field: string, words: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(await response.json()).toMatchObject({ statusCode: 400, field, message: `${field} ${words}` });
}

describe('POST /api/auth/sign-up/email', () => {
  it.each(BAD_NAMES)('refuses a name with %s and makes no account', async (_case, name, words) => {
    const email = unique('bad-name');
    const response = await new Browser(server.url).post('/api/auth/sign-up/email', {
      email,
      password: 'secret1',
      name,
    });
    await expectRefused(response, 'name', words);
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('takes a name in any script, with accents', async () => {
    const { token } = await signUp(server.url, unique('zoe'), 'secret1', 'Zoë Ólafsdóttir 王');
    expect(decodeJwt(token).name).toBe('Zoë Ólafsdóttir 王');
  });
});

describe('POST /api/auth/update-user', () => {
  it.each(BAD_NAMES)('refuses a name with %s and keeps the name', async (_case, name, words) => {
    const player = await signUp(server.url, unique('renamer'), 'secret1', 'Ann Lee');
    const response = await player.browser.post('/api/auth/update-user', { name });
    await expectRefused(response, 'name', words);
    const [row] = await db().select({ name: users.name }).from(users).where(eq(users.id, player.userId));
    expect(row?.name).toBe('Ann Lee');
  });

  it('takes a good name', async () => {
    const player = await signUp(server.url, unique('renamer'), 'secret1', 'Ann Lee');
    const response = await player.browser.post('/api/auth/update-user', { name: 'Ann Léa' });
    expect(response.status).toBe(200);
    expect(decodeJwt(await identityToken(player.browser)).name).toBe('Ann Léa');
  });
});

describe('POST /api/operator/auth', () => {
  for (const field of ['firstName', 'lastName'] as const) {
    it.each(BAD_NAMES)(`refuses a ${field} with %s and registers nothing`, async (_case, name, words) => {
      const email = unique('registrant');
      const { browser, token, userId } = await signUp(server.url, email);
      const response = await browser.post(
        '/api/operator/auth',
        { email, firstName: 'Ann', lastName: 'Lee', [field]: name, operator: 'enlivon' },
        { authorization: `Bearer ${token}` },
      );
      await expectRefused(response, field, words);
      expect(await db().select().from(playerProfiles).where(eq(playerProfiles.userId, userId))).toEqual([]);
    });
  }

  it('registers good names, trimmed', async () => {
    const email = unique('registrant');
    const { browser, token, userId } = await signUp(server.url, email);
    const response = await browser.post(
      '/api/operator/auth',
      { email, firstName: ' Zoë ', lastName: "O'Brien-Ólafsdóttir", operator: 'enlivon' },
      { authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(200);
    const [row] = await db()
      .select({ firstName: playerProfiles.firstName, lastName: playerProfiles.lastName })
      .from(playerProfiles)
      .where(and(eq(playerProfiles.userId, userId), eq(playerProfiles.operator, 'enlivon')));
    expect(row).toEqual({ firstName: 'Zoë', lastName: "O'Brien-Ólafsdóttir" });
  });
});

describe('a name reaching the users table another way', () => {
  it("is cleaned rather than stored as given (Better Auth's own API, past our request checks)", async () => {
    const email = unique('direct');
    await server.app.accounts.auth.api.signUpEmail({
      body: { email, password: 'secret1', name: 'Ann\u202E \u3164 Lee\u200B' },
    });
    const [row] = await db().select({ name: users.name }).from(users).where(eq(users.email, email));
    expect(row?.name).toBe('Ann Lee');
  });
});
