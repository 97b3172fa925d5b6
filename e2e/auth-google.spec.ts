import type { Page } from './support/fixtures';
import { expect, test, toast, uniqueEmail } from './support/auth';
import { startOidcServer, type OidcServer } from '../test/support/oidc-server';
import { pickPort, startServer, type TestServer } from './support/server';

// The journey "Google sign-in" (issue 4) through a real local OpenID Connect provider standing in
// for Google, in a popup, against a server process started with GOOGLE_CLIENT_ID/SECRET and
// OIDC_ISSUER. A provider that gives no email ('Missing email adress') and the popup's other turns
// are apps/server/test/auth/google.test.ts's and google-button.test.tsx's.

const port = pickPort();
const appUrl = `http://127.0.0.1:${port}`;
let oidc: OidcServer;
let server: TestServer;

test.use({ baseURL: appUrl });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const scope = globalThis as unknown as { open: (...args: unknown[]) => unknown };
    const open = scope.open.bind(globalThis);
    scope.open = (...args: unknown[]) => {
      Reflect.set(globalThis, '__popupFeatures', args[2]);
      return open(...args);
    };
  });
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  oidc = await startOidcServer(`${appUrl}/api/auth/callback/google`);
  server = await startServer(
    { GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidc.clientSecret, OIDC_ISSUER: oidc.issuer },
    port,
  );
});

test.afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

/** Clicks 'Continue with Google' and signs in as `login` at the provider, in the popup. */
async function signInWithGoogle(page: Page, login: string) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  // Asked for at 500x600 (the phone-sized test browser lays pages out at its own width).
  expect(await page.evaluate(() => Reflect.get(globalThis, '__popupFeatures'))).toMatch(
    /width=500,height=600/,
  );
  await popup.waitForURL(`${oidc.issuer}/**`);
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any-password');
  await popup.locator('button[type="submit"]').click();
  // The consent page, then back to the app, which reports to the tab and closes.
  await popup.locator('button[type="submit"]').click();
  await popup.waitForEvent('close');
}

test('a new player signs in with Google in a popup and reaches the details form', async ({ page }) => {
  const email = uniqueEmail('gina');
  oidc.identities.set('gina', { email, email_verified: true, name: 'Gina Google' });
  await page.goto('/login');
  await signInWithGoogle(page, 'gina');

  await expect(
    toast(page, 'Logged in successfully. You can claim a ticket for any game. See you there!'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();

  // Registered with the operator, named from the provider.
  const token = await page.evaluate(async () => {
    const response = await fetch('/api/auth/token', { credentials: 'include' });
    return ((await response.json()) as { token: string }).token;
  });
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  expect(claims).toMatchObject({ email, name: 'Gina Google', operator: 'enlivon' });
});
