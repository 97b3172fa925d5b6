import { randomBytes } from 'node:crypto';
import { expect, test as base, type Locator, type Page } from './fixtures';

/**
 * Helpers of the accounts browser tests: unique players, one client address per test (the server
 * rate-limits sign-ups and sign-ins per address and honours X-Forwarded-For), toasts, and a
 * player made ready over the API when a test is not about the forms.
 */

export const PASSWORD = 'secret-123';

export function uniqueEmail(prefix = 'player'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/** A chat name of 3 to 10 characters, unique enough for one run. */
export function uniqueAlias(prefix = 'p'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`.slice(0, 10);
}

export function randomIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${Math.max(1, bytes[2]! % 255)}`;
}

/** Every test runs from its own client address. */
export const test = base.extend<{ clientAddress: string }>({
  clientAddress: [
    async ({ context }, use) => {
      const address = randomIp();
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      await use(address);
    },
    { auto: true },
  ],
});
export { expect };

/** The toast with this text (react-toastify, top right). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.Toastify__toast').filter({ hasText: text });
}

/** The one bulleted toast of a form's errors. */
export function formErrors(page: Page): Locator {
  return page.getByRole('list', { name: 'Form errors' });
}

export async function expectFormErrors(page: Page, messages: string[]) {
  await expect(formErrors(page).getByRole('listitem')).toHaveText(messages);
}

/**
 * The offer of notifications that follows a player's first claim (features/notifications),
 * answered "Not now": the app must never ask again unprompted.
 */
export async function declineNotifications(page: Page) {
  const offer = page.getByRole('dialog', { name: 'Get a nudge at showtime?' });
  await expect(offer).toContainText('one notification 10 minutes before each show you claim');
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
}

export async function closeToasts(page: Page) {
  const buttons = page.locator('.Toastify__close-button');
  // Again until none is left: a toast can arrive just after the others were closed.
  await expect(async () => {
    for (const button of await buttons.all()) await button.click({ force: true }).catch(() => undefined);
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

export interface Player {
  email: string;
  password: string;
  alias: string;
}

/**
 * Signs a player up, registers them with the operator and saves their details, all over the API
 * with the page's cookies: the page is then signed in as a complete player.
 */
export async function createPlayer(
  page: Page,
  options: { details?: boolean; email?: string; signedIn?: boolean } = {},
): Promise<Player> {
  const request = page.request;
  const player = { email: options.email ?? uniqueEmail(), password: PASSWORD, alias: uniqueAlias() };
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email: player.email, password: player.password, name: 'Test Player' },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const token = async () => {
    const response = await request.get('/api/auth/token');
    expect(response.status()).toBe(200);
    return ((await response.json()) as { token: string }).token;
  };
  const registered = await request.post('/api/operator/auth', {
    headers: { Authorization: `Bearer ${await token()}` },
    data: { email: player.email, firstName: 'Test', lastName: 'Player', operator: 'enlivon' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  if (options.details !== false) {
    const saved = await request.put('/api/operator/user/details', {
      headers: { Authorization: await token() },
      data: {
        alias: player.alias,
        phoneNumber: '07911 123456',
        dobDay: 1,
        dobMonth: 1,
        dobYear: 1990,
        ruthlessChoice: 'share',
        marketingAccepted: false,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  // Signed out by forgetting the session cookie (the page has not opened the app yet).
  if (!options.signedIn) await page.context().clearCookies();
  return player;
}

/** Signs in through the landing's form. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
