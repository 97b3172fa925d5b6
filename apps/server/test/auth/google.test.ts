import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthErrorMessage } from '@ruthless/protocol';
import { startTestApp, type TestApp } from '../support/test-app';
import { Browser, decodeJwt, identityToken, signUp } from '../support/http';
import { signInAtProvider, startOidcServer, type OidcServer } from '../../../../test/support/oidc-server';

let oidc: OidcServer;
let server: TestApp;

beforeAll(async () => {
  oidc = await startOidcServer();
  server = await startTestApp(
    {
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      OIDC_ISSUER: oidc.issuer,
    },
    { reachablePublicUrl: true, accounts: { rateLimitPrefix: `test:${process.pid}:${Date.now()}:` } },
  );
  oidc.setRedirectUri(`${server.url}/api/auth/callback/google`);
});

afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

/** The app's part of the popup: ask for the provider's URL, then sign in there. */
async function googleSignIn(login: string) {
  const browser = new Browser(server.url);
  const start = await browser.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/login?google=done',
    errorCallbackURL: '/login?google=failed',
  });
  expect(start.status).toBe(200);
  const { url, redirect } = (await start.json()) as { url: string; redirect: boolean };
  expect(redirect).toBe(true);
  expect(url.startsWith(oidc.issuer)).toBe(true);
  const landed = await signInAtProvider(browser, url, login);
  return { browser, landed };
}

describe('Google sign-in through a real OpenID Connect provider', () => {
  it('says Google is available', async () => {
    expect(await (await fetch(`${server.url}/api/auth/providers`)).json()).toEqual({
      emailPassword: true,
      google: true,
    });
  });

  it('signs a new player up and in; the token names them', async () => {
    oidc.identities.set('gina', { email: 'gina@example.com', email_verified: true, name: 'Gina Google' });
    const { browser, landed } = await googleSignIn('gina');
    expect(landed.origin).toBe(server.url);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?google=done');
    const claims = decodeJwt(await identityToken(browser));
    expect(claims).toMatchObject({ email: 'gina@example.com', name: 'Gina Google' });

    // Again: the same player.
    const again = await googleSignIn('gina');
    expect(decodeJwt(await identityToken(again.browser)).sub).toBe(claims.sub);
  });

  it("cleans a name that breaks the names' rules rather than failing the sign-in", async () => {
    oidc.identities.set('gus', {
      email: 'gus@example.com',
      email_verified: true,
      name: `G\u202Eus Go${'\u0301'.repeat(9)}ld \u3164 \u200B`,
    });
    const { browser, landed } = await googleSignIn('gus');
    expect(`${landed.pathname}${landed.search}`).toBe('/login?google=done');
    const token = await identityToken(browser);
    const claims = decodeJwt(token);
    expect(claims.name).toBe(`Gus Go${'\u0301'.repeat(4)}ld`);
    // The app registers the name's two words as first and last name: both pass.
    const registered = await browser.post(
      '/api/operator/auth',
      {
        email: 'gus@example.com',
        firstName: 'Gus',
        lastName: `Go${'\u0301'.repeat(4)}ld`,
        operator: 'enlivon',
      },
      { authorization: `Bearer ${token}` },
    );
    expect(registered.status).toBe(200);
  });

  it('never merges a Google account into a password account with the same email', async () => {
    const password = await signUp(server.url, 'hank@example.com');
    oidc.identities.set('hank', { email: 'hank@example.com', email_verified: true, name: 'Hank' });
    const { browser, landed } = await googleSignIn('hank');
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('google')).toBe('failed');
    const error = landed.searchParams.get('error');
    expect(error).toBe('account_not_linked');
    expect(oauthErrorMessage(error)).toMatch(/already exists/);
    expect((await browser.get('/api/auth/token')).status).toBe(401);
    // The password account is untouched and alone.
    const context = await server.app.accounts.auth.$context;
    const accounts = await context.internalAdapter.findAccounts(password.userId);
    expect(accounts.map((account) => account.providerId)).toEqual(['credential']);
  });

  it("refuses a provider answer without an email: 'Missing email adress'", async () => {
    const { browser, landed } = await googleSignIn('no-email-person');
    const error = landed.searchParams.get('error');
    expect(error).toBe('email_not_found');
    expect(oauthErrorMessage(error)).toBe('Missing email adress');
    expect((await browser.get('/api/auth/token')).status).toBe(401);
  });
});
