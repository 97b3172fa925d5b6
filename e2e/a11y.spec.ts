import type { Page } from './support/fixtures';
import { createPlayer, expect, test } from './support/auth';
import { COLOUR_RULES, seriousViolationsNow } from './support/axe';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Accessibility (issue 15): axe-core on every screen and modal the browser tests can reach, in
// every background theme: no serious or critical violation.

const THEMES = ['DEFAULT', 'RED', 'GOLD', 'GREEN'] as const;

// Four axe runs per screen, several screens per test, on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

async function expectNoSeriousViolations(page: Page, screen: string) {
  const failures: string[] = [];
  for (const theme of THEMES) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    // Every rule once; a theme changes colours only, so the others are checked for those.
    const rules = theme === THEMES[0] ? undefined : COLOUR_RULES;
    failures.push(...(await seriousViolationsNow(page, `${screen} [${theme}]`, rules)));
  }
  expect(failures).toEqual([]);
}

test.describe('signed out', () => {
  test('the landing page in each mode, the privacy policy and the not-found page', async ({ page }) => {
    for (const [url, ready] of [
      ['/login', 'Sign in'],
      ['/login?form_type=sign-up', 'Sign up'],
      ['/login?form_type=forgot-password', 'Send'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('button', { name: ready }).first()).toBeVisible();
      await expectNoSeriousViolations(page, url);
    }
    await page.goto('/login?privacy-policy=1');
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    await expectNoSeriousViolations(page, 'privacy policy');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'not found');
  });
});

test.describe('signed in', () => {
  test('the details form', async ({ page }) => {
    await createPlayer(page, { details: false, signedIn: true });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expectNoSeriousViolations(page, 'details form');
  });

  test('the lobby, the menu and the profile', async ({ page }) => {
    await createPlayer(page, { signedIn: true });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('button', { name: /ticket|remind|join/i }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'lobby');
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('link', { name: /profile/i }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'menu');
    await page.goto('/profile');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'profile');
  });
});

test.describe('the show', () => {
  let host: Host;
  test.beforeAll(async () => {
    host = await signInHost();
  });
  test.afterAll(async () => {
    await host.dispose();
  });

  test('the purchase page, the green room and the exit modal', async ({ page }) => {
    const room = await host.createRoom();
    // Long enough to look at the purchase page before the green room opens, even when four axe
    // passes take 20 s on a loaded machine.
    const game = await host.createGame(room.roomUuid, {
      startsInMs: 90_000,
      timings: { greenRoomMs: 60_000 },
    });
    const player = await signUpPlayer(page.request);
    await page.goto(`/purchase/${room.roomUuid}/${game.gameUuid}`);
    await expect(page.getByRole('button').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'purchase');
    await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    await page.goto(`/game/${game.gameUuid}`);
    await expect(page.getByRole('main').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'game');
    await page.goBack();
    const dialog = page.getByRole('dialog');
    if (await dialog.isVisible()) await expectNoSeriousViolations(page, 'exit modal');
  });
});
