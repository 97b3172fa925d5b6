import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database';
import { INVITE_COOKIE } from '../../src/invites/invite-cookie';
import { Browser, identityToken, signUp } from '../support/http';
import { api, withDetails } from '../support/live';
import { MANY_SIGN_UPS } from '../support/show';
import { startTestApp, type TestApp } from '../support/test-app';
import { signInAtProvider, startOidcServer, type OidcServer } from '../../../../test/support/oidc-server';

// Issue 44, invite a friend: a player's link, its public page and card, and the new accounts
// made through it, counted once each, never for an existing account, never rewarded.
let oidc: OidcServer;
let server: TestApp;
let base: string;

beforeAll(async () => {
  oidc = await startOidcServer();
  server = await startTestApp(
    { GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidc.clientSecret, OIDC_ISSUER: oidc.issuer },
    { reachablePublicUrl: true, accounts: { limits: MANY_SIGN_UPS } },
  );
  base = server.url;
  oidc.setRedirectUri(`${base}/api/auth/callback/google`);
});

afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

let serial = 0;
/** A player with a chat name (or none), signed in, with their invite link. */
async function inviter(chatName: string | null) {
  const email = `inviter-${++serial}-${Date.now()}@ruthless.test`;
  const player = await signUp(base, email, 'secret-pass-1', 'Rosa Realname');
  const registered = await player.browser.post(
    '/api/operator/auth',
    { email, firstName: 'Rosa', lastName: 'Realname', operator: 'enlivon' },
    { authorization: player.token },
  );
  expect(registered.status).toBe(200);
  const token = await identityToken(player.browser);
  if (chatName !== null) await withDetails(base, token, chatName, 'share');
  return { ...player, email, token };
}

async function inviteOf(token: string) {
  const answer = await api(base, 'GET', '/api/profile/invite', token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const url = answer.body.url as string;
  return {
    url,
    path: new URL(url).pathname,
    code: url.split('/').at(-1)!,
    friendsJoined: answer.body.friendsJoined as number,
  };
}

/** The content of each <meta property|name="key" content="..."> of a page. */
function metaTags(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1]!, m[2]!]),
  );
}

const unescape = (text: string) =>
  text.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const invitesOf = (inviterId: string) =>
  queryRows<{ invitee_id: string }>(
    server.app.database.db,
    sql`select invitee_id from invites where inviter_id = ${inviterId}`,
  );

/** A visitor opens the invite link (the page remembers the code in a cookie for sign-up). */
async function visit(path: string) {
  const browser = new Browser(base);
  const page = await browser.get(path);
  expect(page.status).toBe(200);
  expect(browser.cookies(base).get(INVITE_COOKIE)).toBeDefined();
  return browser;
}

async function googleSignUp(browser: Browser, login: string) {
  const start = await browser.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/login?google=done',
    errorCallbackURL: '/login?google=failed',
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const landed = await signInAtProvider(browser, url, login);
  expect(`${landed.pathname}${landed.search}`).toBe('/login?google=done');
  return identityToken(browser);
}

describe('the invite link', () => {
  it('is made on the first ask, unguessable and not the user id, and stays the same', async () => {
    const sam = await inviter('Sam');
    const first = await inviteOf(sam.token);
    expect(first.url).toBe(`${base}/invite/${first.code}`);
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.url).not.toContain(sam.userId);
    expect(first.friendsJoined).toBe(0);
    expect(await inviteOf(sam.token)).toEqual(first);
    // Another player's is another code.
    expect((await inviteOf((await inviter('Tia')).token)).code).not.toBe(first.code);
    // Signed in only.
    expect((await api(base, 'GET', '/api/profile/invite', null)).status).toBe(401);
  });
});

describe("the invite's page", () => {
  it('names the inviter by chat name in its link preview, escaped, and never by email or real name', async () => {
    const chatName = `"<b>S&m'`;
    const sam = await inviter(chatName);
    const { path, url, code } = await inviteOf(sam.token);
    const page = await fetch(`${base}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).not.toContain('<b>');
    expect(html).not.toContain(sam.email);
    expect(html).not.toContain('Realname');
    expect(html).not.toContain('Rosa');
    const tags = metaTags(html);
    expect(unescape(tags['og:title']!)).toBe(`${chatName} invites you to Ruthless`);
    expect(unescape(tags['twitter:title']!)).toBe(`${chatName} invites you to Ruthless`);
    expect(tags['og:url']).toBe(url);
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['og:image']).toMatch(new RegExp(`^${base}/invite/${code}/card\\.png\\?v=[0-9a-f]{16}$`));
    expect(html).toContain('href="/login?form_type=sign-up"');

    // The card: a PNG for previews, drawn once per chat name.
    const before = server.app.accounts.invites.rendered;
    const card = await fetch(tags['og:image']!);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(card.headers.get('cache-control')).toContain('immutable');
    expect(pngSize(Buffer.from(await card.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect((await fetch(tags['og:image']!)).status).toBe(200);
    expect(server.app.accounts.invites.rendered).toBe(before + 1);

    // A new chat name: a new card, at a new address.
    const renaming = await api(base, 'PATCH', '/api/operator/user', sam.token, {
      alias: 'Samuel',
      phoneNumber: '07911 123456',
      ruthlessChoice: 'share',
    });
    expect(renaming.status, JSON.stringify(renaming.body)).toBe(200);
    const renamed = metaTags(await (await fetch(`${base}${path}`)).text());
    expect(renamed['og:title']).toBe('Samuel invites you to Ruthless');
    expect(renamed['og:image']).not.toBe(tags['og:image']);
  });

  it('names "A friend" for an inviter without a chat name yet', async () => {
    const nameless = await inviter(null);
    const { path } = await inviteOf(nameless.token);
    const tags = metaTags(await (await fetch(`${base}${path}`)).text());
    expect(tags['og:title']).toBe('A friend invites you to Ruthless');
  });

  it('answers an unknown, malformed or deleted inviter’s code with a friendly 404 page', async () => {
    for (const path of [
      '/invite/AAAAAAAAAAAAAAAAAAAAAA',
      '/invite/nope',
      `/invite/${'x'.repeat(5000)}`,
      '/invite/%3Cb%3Ex%3C%2Fb%3E',
    ]) {
      const page = await fetch(`${base}${path}`);
      expect(page.status, path).toBe(404);
      expect(await page.text()).toContain('This invite link does not work');
    }
    const gone = await inviter('Gone');
    const { path } = await inviteOf(gone.token);
    const card = `${path}/card.png`;
    expect((await fetch(`${base}${card}`)).status).toBe(200);
    const deleted = await gone.browser.request('POST', '/api/safety/delete-account', {
      json: { password: 'secret-pass-1', confirm: true },
      headers: { authorization: gone.token },
    });
    expect(deleted.status, await deleted.text()).toBe(200);
    const page = await fetch(`${base}${path}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This invite link does not work');
    expect((await fetch(`${base}${card}`)).status).toBe(404);
  });
});

describe('signing up through an invite', () => {
  it('counts a new email account once, and the invite is forgotten after', async () => {
    const sam = await inviter('Sammy');
    const { path } = await inviteOf(sam.token);
    const browser = await visit(path);
    const friend = await browser.post('/api/auth/sign-up/email', {
      email: `friend-${Date.now()}@ruthless.test`,
      password: 'secret-pass-1',
      name: 'Fred Friend',
    });
    expect(friend.status).toBe(200);
    const { user } = (await friend.json()) as { user: { id: string } };
    expect(browser.cookies(base).get(INVITE_COOKIE)).toBeUndefined();
    expect((await invitesOf(sam.userId)).map((row) => row.invitee_id)).toEqual([user.id]);
    expect((await inviteOf(sam.token)).friendsJoined).toBe(1);

    // Signing out and in again, or visiting the link again and signing in: still one.
    const again = await visit(path);
    const signIn = await again.post('/api/auth/sign-in/email', {
      email: ((await (await browser.get('/api/auth/get-session')).json()) as { user: { email: string } }).user
        .email,
      password: 'secret-pass-1',
    });
    expect(signIn.status).toBe(200);
    expect((await inviteOf(sam.token)).friendsJoined).toBe(1);

    // A second new account through the same link counts too.
    const second = await visit(path);
    expect(
      (
        await second.post('/api/auth/sign-up/email', {
          email: `friend2-${Date.now()}@ruthless.test`,
          password: 'secret-pass-1',
          name: 'Frida Friend',
        })
      ).status,
    ).toBe(200);
    expect((await inviteOf(sam.token)).friendsJoined).toBe(2);
  });

  it('counts a new Google account, and not an existing one signing in again', async () => {
    const sam = await inviter('GoogleSam');
    const { path } = await inviteOf(sam.token);
    oidc.identities.set('gwen', {
      email: `gwen-${Date.now()}@example.com`,
      email_verified: true,
      name: 'Gwen Google',
    });
    await googleSignUp(await visit(path), 'gwen');
    expect((await inviteOf(sam.token)).friendsJoined).toBe(1);
    // Gwen comes back through another player's link: her account is not new.
    const tia = await inviter('TiaG');
    await googleSignUp(await visit((await inviteOf(tia.token)).path), 'gwen');
    expect((await inviteOf(tia.token)).friendsJoined).toBe(0);
    expect((await inviteOf(sam.token)).friendsJoined).toBe(1);
  });

  it('never counts the inviter themselves or an existing account', async () => {
    const sam = await inviter('SelfSam');
    const { path } = await inviteOf(sam.token);
    const own = await visit(path);
    expect(
      (await own.post('/api/auth/sign-in/email', { email: sam.email, password: 'secret-pass-1' })).status,
    ).toBe(200);
    const other = await inviter('OtherOne');
    const theirs = await visit(path);
    expect(
      (await theirs.post('/api/auth/sign-in/email', { email: other.email, password: 'secret-pass-1' }))
        .status,
    ).toBe(200);
    expect((await inviteOf(sam.token)).friendsJoined).toBe(0);
    expect(await invitesOf(sam.userId)).toEqual([]);
  });

  it('ignores a bad or unknown code: the sign-up goes on and nothing is counted', async () => {
    const before = await queryRows<{ n: number }>(
      server.app.database.db,
      sql`select count(*)::int as n from invites`,
    );
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-code', `${'x'.repeat(300)}`, '%3Cscript%3E']) {
      const response = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: `${INVITE_COOKIE}=${code}` },
        body: JSON.stringify({
          email: `bad-${++serial}-${Date.now()}@ruthless.test`,
          password: 'secret-pass-1',
          name: 'Bea Bad',
        }),
      });
      expect(response.status, code).toBe(200);
    }
    const after = await queryRows<{ n: number }>(
      server.app.database.db,
      sql`select count(*)::int as n from invites`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
