import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AccountDeletionMessage, SafetyMessage, type PlayBreakStatus } from '@ruthless/protocol';
import { queryRows } from '../../src/db/database';
import { signInAtProvider, startOidcServer, type OidcServer } from '../../../../test/support/oidc-server';
import { Browser, identityToken, registeredPlayer, signUp } from '../support/http';
import { api, Viewer, withDetails } from '../support/live';
import { scheduleGame, startShow, type Show } from '../support/show';

// A break or self-exclusion outlives the account (docs/player-app.md, "Take a break"): deleting
// the account during one keeps it under a keyed hash of the email and of the Google subject, and
// a new account with either is on the same break from its sign-up: claims and joins refused
// with the break's words.

const HOST = 'host@ruthless.test';
let oidc: OidcServer;
let show: Show;
let base: string;

beforeAll(async () => {
  oidc = await startOidcServer();
  show = await startShow({
    host: HOST,
    room: { name: 'Kept Room', theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
    env: {
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      OIDC_ISSUER: oidc.issuer,
    },
  });
  base = show.server.url;
  oidc.setRedirectUri(`${base}/api/auth/callback/google`);
});

afterAll(async () => {
  await show?.server.close();
  await oidc?.close();
});

const breakOf = async (token: string) => {
  const response = await api(base, 'GET', '/api/safety/break', token);
  expect(response.status).toBe(200);
  return response.body as unknown as PlayBreakStatus;
};

const deleteAccount = (browser: Browser, token: string, body: Record<string, unknown>) =>
  browser.request('POST', '/api/safety/delete-account', {
    json: { confirm: true, ...body },
    headers: { authorization: token },
  });

/** A Google sign-in through the test's OpenID Connect provider; the browser holds the session. */
async function googleSignIn(login: string): Promise<{ browser: Browser; token: string }> {
  const browser = new Browser(base);
  const start = await browser.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/login?google=done',
    errorCallbackURL: '/login?google=failed',
  });
  expect(start.status).toBe(200);
  const landed = await signInAtProvider(browser, ((await start.json()) as { url: string }).url, login);
  expect(landed.searchParams.get('google')).toBe('done');
  return { browser, token: await identityToken(browser) };
}

/** Registers a signed-in account with the operator and sets its details; the new token. */
async function registerAndDetails(browser: Browser, token: string, email: string, alias: string) {
  const registered = await browser.post(
    '/api/operator/auth',
    { email, firstName: 'Test', lastName: 'Player', operator: 'enlivon' },
    { authorization: token },
  );
  expect(registered.status).toBe(200);
  const registeredToken = await identityToken(browser);
  await withDetails(base, registeredToken, alias, 'share');
  return registeredToken;
}

/** A claim and a socket join of a show not started yet: both refused with `refusal`. */
async function expectRefusedPlay(token: string, refusal: string) {
  const game = await scheduleGame(show, 60 * 60_000);
  expect(
    await api(base, 'POST', '/api/claim-ticket', token, { gameUuid: game.gameUuid, roomUuid: show.roomUuid }),
  ).toMatchObject({ status: 403, body: { code: 'safety/on-break', message: refusal } });
  await expect(Viewer.join(base, token, game.gameUuid)).rejects.toThrow(refusal);
}

describe('a break that outlives the account', () => {
  it('comes back with a new account of the same email: shown, and claims and joins refused', async () => {
    const email = 'kim@ruthless.test';
    const kim = await registeredPlayer(base, email);
    await withDetails(base, kim.token, 'Kim', 'share');
    const taken = await api(base, 'POST', '/api/safety/break', kim.token, { period: '6m' });
    expect(taken.status).toBe(201);
    const excluded = (taken.body as unknown as PlayBreakStatus).current!;

    // Deleting says what stays and why.
    const deleted = await deleteAccount(kim.browser, kim.token, { password: 'secret-pass-1' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({
      message: AccountDeletionMessage.deletedDuringBreak('self-exclusion', excluded.endsAt),
    });
    expect(AccountDeletionMessage.deletedDuringBreak('self-exclusion', excluded.endsAt)).toMatch(
      /^Your account has been deleted\. Your self-exclusion stays in force until \d+ \w+ \d{4} at \d\d:\d\d: until then we keep your email address/,
    );
    // What is kept names nobody: no address, nor its bare SHA-256 (a guessed address would match).
    const kept = await queryRows<{ identity: string }>(
      show.server.app.database.db,
      sql`select identity from kept_breaks`,
    );
    expect(kept.length).toBeGreaterThan(0);
    const bareHash = createHash('sha256').update(`email:${email}`).digest('hex');
    for (const { identity } of kept) {
      expect(identity).not.toContain('kim');
      expect(identity).not.toBe(bareHash);
    }

    // The same person signs up again, with the address in other letters' case.
    const again = await signUp(base, ' KIM@Ruthless.test '.trim());
    expect(again.userId).not.toBe(kim.userId);
    // Given back at the sign-up itself, before any registration.
    const given = await queryRows<{ ends_at: string }>(
      show.server.app.database.db,
      sql`select ends_at from play_breaks where user_id = ${again.userId}`,
    );
    expect(given.map((row) => new Date(row.ends_at).toISOString())).toEqual([excluded.endsAt]);
    const token = await registerAndDetails(again.browser, again.token, email, 'Kim');
    expect((await breakOf(token)).current).toEqual(excluded);
    await expectRefusedPlay(token, SafetyMessage.onBreak('self-exclusion', excluded.endsAt));

    // Someone else is not on it.
    const other = await registeredPlayer(base, 'lee@ruthless.test');
    expect((await breakOf(other.token)).current).toBeNull();
  }, 90_000);

  it('comes back with a new Google account of the same Google subject, whatever its email', async () => {
    oidc.identities.set('gus', { email: 'gus@example.com', email_verified: true, name: 'Gus Google' });
    const gus = await googleSignIn('gus');
    const token = await registerAndDetails(gus.browser, gus.token, 'gus@example.com', 'Gus');
    const taken = await api(base, 'POST', '/api/safety/break', token, { period: '30d' });
    expect(taken.status).toBe(201);
    const onBreak = (taken.body as unknown as PlayBreakStatus).current!;

    // A Google account signed in moments ago deletes without a password.
    const deleted = await deleteAccount(gus.browser, token, {});
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({
      message: AccountDeletionMessage.deletedDuringBreak('break', onBreak.endsAt),
    });

    // The same Google account, now with another address: its subject is what matches.
    oidc.identities.set('gus', { email: 'gus.new@example.com', email_verified: true, name: 'Gus Google' });
    const back = await googleSignIn('gus');
    const backToken = await registerAndDetails(back.browser, back.token, 'gus.new@example.com', 'Gus');
    expect((await breakOf(backToken)).current).toEqual(onBreak);
    await expectRefusedPlay(backToken, SafetyMessage.onBreak('break', onBreak.endsAt));

    // And a password account with Gus's old address is on it too.
    const byEmail = await registeredPlayer(base, 'gus@example.com');
    expect((await breakOf(byEmail.token)).current).toEqual(onBreak);
  }, 90_000);
});
