import { test, expect, type Page } from './support/fixtures';
import { signInHost, type Host } from './support/lobby-host';
import { dataLayer, gameRow, openRoom, swipeLeft, untilStill } from './support/lobby-page';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 5 "App": the rooms carousel and its themes, an empty room, the lobby's music, the mute
// preference and the notice of a cancelled game.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

const themeGlow = (page: Page) =>
  page.evaluate<string>("getComputedStyle(document.documentElement).getPropertyValue('--theme-glow').trim()");

test.describe('with motion', () => {
  // The pulse is an animation: with reduced motion (the tests' default) it would not run.
  test.use({ reducedMotion: 'no-preference' });
  test('the room in the centre glows with a pulsing light of its own, which only fades in and out', async ({
    page,
  }) => {
    await signUpPlayer(page.request);
    await page.goto('/');
    const selected = page.getByRole('region', { name: 'Rooms' }).locator('[aria-pressed="true"]');
    await expect(selected).toHaveCount(1);
    // The light is the card's ::before (styles/pulse.module.css): an inner glow whose opacity alone
    // is animated, so the compositor runs it and the card is never repainted for it.
    const light = await selected.evaluate((card) => {
      const style = getComputedStyle(card, '::before');
      const keyframes = [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .find(
          (rule): rule is CSSKeyframesRule =>
            rule instanceof CSSKeyframesRule && rule.name === style.animationName,
        );
      return {
        glow: style.boxShadow,
        duration: style.animationDuration,
        animated: [...(keyframes?.cssRules ?? [])].map((frame) => (frame as CSSKeyframeRule).style.cssText),
      };
    });
    expect(light.glow).toContain('inset');
    expect(light.duration).toBe('2.4s');
    expect(light.animated).toEqual(['opacity: 1;']);
  });
});

test('the background follows the room in the centre of the carousel', async ({ page }) => {
  await signUpPlayer(page.request);
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Rooms' });
  await expect(carousel.getByRole('button', { name: 'Ruby Rush' })).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Gold Rush' })).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Lucky Clover' })).toBeVisible();

  await openRoom(page, 'Ruby Rush');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'RED');
  await expect(carousel.getByRole('button', { name: 'Ruby Rush' })).toHaveAttribute('aria-pressed', 'true');
  const red = await themeGlow(page);

  await openRoom(page, 'Lucky Clover');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'GREEN');
  await expect(carousel.getByRole('button', { name: 'Lucky Clover' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(carousel.getByRole('button', { name: 'Ruby Rush' })).toHaveAttribute('aria-pressed', 'false');
  const green = await themeGlow(page);
  expect(green).not.toBe(red);
  await page.screenshot({ path: test.info().outputPath('lobby-green.png') });

  // A swipe to the left brings the next room in.
  const names = await carousel
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('aria-label')));
  await openRoom(page, names[0]!);
  const first = carousel.getByRole('button', { name: names[0]!, exact: true });
  await untilStill(first);
  await swipeLeft(page, first);
  await expect(carousel.getByRole('tab', { name: names[1]! })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: names[1]! })).toBeVisible();
});

test('a room with no games shows No Scheduled Games', async ({ page }) => {
  const room = await host.createRoom({ theme: 'GOLD' });
  await signUpPlayer(page.request);
  await openRoom(page, room.name);
  await expect(page.getByText('No Scheduled Games')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'GOLD');
});

test('the lobby plays the presenter music, and Toggle Sound mutes it for good', async ({ page }) => {
  await signUpPlayer(page.request);
  const music = page.waitForRequest(/\/sounds\/presenter-only\.mp3$/);
  await page.goto('/');
  // Browsers allow sound from the first tap on: the music starts then.
  await page.getByRole('heading', { name: 'Games Lobby' }).click();
  await music;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
  const toggle = page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /Toggle Sound/ });
  await expect(toggle).toContainText('On');
  await toggle.click();
  await expect(toggle).toContainText('Off');
  expect(await page.evaluate("localStorage.getItem('isMuted')")).toBe('true');

  // Applied at start: the reload keeps the app muted.
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /Toggle Sound/ }),
  ).toContainText('Off');
  await expect.poll(() => page.evaluate('window.Howler?._muted')).toBe(true);
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('button', { name: /Toggle Sound/ })
    .click();
  expect(await page.evaluate("localStorage.getItem('isMuted')")).toBe('false');
});

test('a player holding a ticket is told when the host cancels the game', async ({ page }) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid);
  const player = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });

  await openRoom(page, room.name);
  await expect(gameRow(page, game.gameUuid).getByRole('link', { name: 'Return To Game' })).toBeVisible();
  expect((await dataLayer(page)).some((push) => push.event === 'joinLobbyTime')).toBe(true);

  await host.cancelGame(game.gameUuid);
  await expect(page.getByText(/has been cancelled\. Your ticket has been released\./)).toBeVisible();
  await expect(gameRow(page, game.gameUuid)).toHaveCount(0);
  await expect(page.getByText('No Scheduled Games')).toBeVisible();
});

test('the rooms carousel moves by keyboard: arrow keys on its dots, Home and End, previous and next', async ({
  page,
}) => {
  await signUpPlayer(page.request);
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Rooms' });
  const tabs = carousel.getByRole('tablist', { name: 'Choose a room' }).getByRole('tab');
  await expect(tabs.nth(2)).toBeVisible({ timeout: 30_000 });
  const names = await tabs.evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('aria-label')!));
  await openRoom(page, names[0]!);
  const tab = (index: number) => carousel.getByRole('tab', { name: names[index]!, exact: true });

  await tab(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tab(1)).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: names[1]! })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tab(names.length - 1)).toHaveAttribute('aria-selected', 'true');
  await expect(carousel.getByRole('button', { name: 'Next room' })).toBeDisabled();

  await carousel.getByRole('button', { name: 'Previous room' }).focus();
  await page.keyboard.press('Enter');
  await expect(tab(names.length - 2)).toHaveAttribute('aria-selected', 'true');
  await tab(names.length - 2).focus();
  await page.keyboard.press('Home');
  await expect(tab(0)).toHaveAttribute('aria-selected', 'true');
  await expect(carousel.getByRole('button', { name: 'Previous room' })).toBeDisabled();
  // Each slide says where it stands.
  await expect(carousel.locator('[aria-roledescription="slide"][aria-current="true"]')).toHaveAttribute(
    'aria-label',
    `1 of ${names.length}: ${names[0]}`,
  );
});
