import type { Locator, Page } from './support/fixtures';
import { createPlayer, expect, test } from './support/auth';
import { COLOUR_RULES, seriousViolationsNow } from './support/axe';
import { dismissSoundModal } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// What only a real browser can tell (issue 15, issue 31 item 5, issue 39): the colours of every
// screen the journeys reach, in every background theme (axe's contrast rules need painted pixels);
// what is above what and takes a tap (layout); the rotate message of a phone held sideways (a
// media query); images that really load. Every other rule of axe runs on the components
// (apps/web/test/axe.ts): the menu, the crash card, the landing, the privacy policy, How to play
// and the not-found page there; the screens below marked `allRules` still run every rule here.

const THEMES = ['DEFAULT', 'RED', 'GOLD', 'GREEN'] as const;

// Several screens, four colour passes each, on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/**
 * No serious or critical axe violation of the colour rules in any theme (and, with `allRules`,
 * of every rule in the first theme, for a screen whose component test does not run axe yet).
 */
async function expectNoSeriousViolations(page: Page, screen: string, { allRules = false } = {}) {
  const failures: string[] = [];
  for (const theme of THEMES) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    const rules = allRules && theme === THEMES[0] ? undefined : COLOUR_RULES;
    failures.push(...(await seriousViolationsNow(page, `${screen} [${theme}]`, rules)));
  }
  expect(failures).toEqual([]);
}

/** Whether a tap at the centre of `element` lands on it (or inside it), not on something over it. */
async function tapLandsOn(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  if (!box) return false;
  const handle = await element.elementHandle();
  return page.evaluate(
    ({ x, y, target }) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && !!target && (target === hit || target.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, target: handle },
  );
}

test("a visitor's screens: the landing in each mode, the privacy policy, not found and the crash screen", async ({
  page,
}) => {
  // A deep link to a signed-in screen loads the app, which sends a visitor to sign in.
  await page.goto('/profile');
  // The first load on a shared two-core machine can take a while: longer than a step.
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(page).toHaveTitle('Ruthless');
  await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
  // The footer's logos are real images that load, not just their alt texts.
  for (const alt of ['18+ only', 'Play responsibly', 'Free play, no real prizes']) {
    const logo = page.getByAltText(alt);
    await logo.scrollIntoViewIfNeeded();
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((img) => Number(Reflect.get(img, 'naturalWidth'))))
      .toBeGreaterThan(0);
  }
  await expectNoSeriousViolations(page, '/login');

  for (const [url, ready] of [
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
  await expect(page.getByRole('heading', { name: "That number's not on the board" })).toBeVisible();
  await expectNoSeriousViolations(page, 'not found');

  // The game's code fails to load (assets/game-[hash].js and .css): the crash screen, whose
  // trace box scrolls in a monospace font. Preview mode needs no sign-in.
  await page.route(/\/assets\/game-[^/]+\.(js|css)$/, (route) => route.abort('failed'));
  await page.goto('/game/00000000-0000-4000-8000-000000000000?preview=1');
  await expect(page.getByRole('heading', { name: 'Ooops! Something went wrong.' })).toBeVisible();
  const trace = page.getByLabel('Error trace');
  await expect(trace).not.toBeEmpty();
  await expect(trace).toHaveCSS('overflow-y', 'auto');
  await expect(trace).toHaveCSS('font-family', /mono/i);
  await expectNoSeriousViolations(page, 'crash screen');
});

test.describe('a player', () => {
  let host: Host;
  test.beforeAll(async () => {
    host = await signInHost();
  });
  test.afterAll(async () => {
    await host.dispose();
  });

  test("a player's screens in every theme; modals above the menu and the bar; a phone held sideways", async ({
    page,
  }) => {
    // Ten screens, each read by axe in four themes: minutes when another journey shares the cores.
    test.setTimeout(360_000);
    // A first-timer's details form.
    await createPlayer(page, { details: false, signedIn: true });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'details form', { allRules: true });
    await page.context().clearCookies();

    const room = await host.createRoom();
    const game = await host.createGame(room.roomUuid, { startsInMs: 3 * 60_000 });
    const player = await signUpPlayer(page.request);

    // A deep link to the profile loads it.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Default Ruthless Choice')).toBeVisible();
    await expectNoSeriousViolations(page, 'profile', { allRules: true });
    // Edit Details is above the badge and the bottom bar.
    await page.getByRole('button', { name: 'Edit Details' }).click();
    const details = page.getByRole('dialog', { name: 'Edit Details' });
    await expect(details).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await tapLandsOn(page, nav.getByRole('button', { name: 'Menu' }))).toBe(false);
    expect(await tapLandsOn(page, nav.getByRole('link', { name: 'Games Lobby' }))).toBe(false);
    const badge = page.getByRole('link', { name: /profile/i }).first();
    if (await badge.isVisible()) expect(await tapLandsOn(page, badge)).toBe(false);
    await expect.poll(() => tapLandsOn(page, details.getByRole('button', { name: 'Close' }))).toBe(true);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toHaveCount(0);

    await nav.getByRole('link', { name: 'Games Lobby' }).click();
    await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
    await expect(page.getByRole('button', { name: /ticket|remind|join/i }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'lobby', { allRules: true });
    await nav.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expectNoSeriousViolations(page, 'menu');
    await page.keyboard.press('Escape');

    await page.goto(`/purchase/${room.roomUuid}/${game.gameUuid}`);
    await expect(page.getByRole('button').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'purchase', { allRules: true });

    await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    await page.goto(`/game/${game.gameUuid}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Green Room', { timeout: 30_000 });
    await dismissSoundModal(page);
    await expectNoSeriousViolations(page, 'game', { allRules: true });

    // The exit modal opened from the menu is above it and closes it; nothing under it takes a tap.
    await nav.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Games Lobby' }).click();
    const exit = page.getByRole('dialog', { name: 'Leave the show?' });
    await expect(exit).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    const stay = exit.getByRole('button', { name: 'Stay' });
    // Polled: the modal pops in, and a tap measured mid-animation can miss its moving button.
    await expect.poll(() => tapLandsOn(page, stay)).toBe(true);
    expect(await tapLandsOn(page, nav.getByRole('button', { name: /Menu/ }))).toBe(false);
    await expectNoSeriousViolations(page, 'exit modal', { allRules: true });
    await stay.click();
    await expect(exit).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/game/${game.gameUuid}$`));

    // A phone held sideways: 'Rotate your device' instead of the app, until it is upright again.
    await page.setViewportSize({ width: 844, height: 390 });
    await expect(page.getByText('Rotate your device')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Green Room', exact: true })).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText('Rotate your device')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Green Room', exact: true })).toBeVisible();
  });
});
