import type { Locator, Page } from './support/fixtures';
import { createPlayer, expect, test } from './support/auth';
import { dismissSoundModal } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 15, keyboard and screen readers beyond axe (docs/web-quality.md, Accessibility): the
// landing and the show played with the keyboard alone, with a visible focus ring; the called
// numbers spoken by a live region; the animations calmed for players who ask for less motion.

/** Presses Tab until `target` has the focus (a keyboard user's way there), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 40) {
  const focused = () => target.evaluate((element) => element === document.activeElement);
  for (let presses = 0; presses < max && !(await focused()); presses++) await page.keyboard.press('Tab');
  if (await focused()) return;
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * Whether the focused element shows where the focus is: the gold outline every control gets
 * (styles/global.css), or, on the form's inputs, their gold border with a 3 px ring (after its
 * 150 ms transition: callers poll).
 */
async function showsFocus(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const ring = /0px 0px 0px [2-9]px/.test(style.boxShadow);
    return outline || ring;
  });
}

test('the landing by keyboard: Tab reaches the form with a visible focus ring, Enter signs in', async ({
  page,
}) => {
  const player = await createPlayer(page);
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await expect(email).toBeVisible();

  await tabTo(page, email);
  await expect.poll(() => showsFocus(page)).toBe(true);
  await page.keyboard.type(player.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(player.password);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
  // The menu opens from the keyboard too.
  const menu = page.getByRole('button', { name: /menu/i });
  await tabTo(page, menu);
  await expect.poll(() => showsFocus(page)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: /profile/i }).first()).toBeVisible();
});

test.describe('the show', () => {
  let host: Host;
  test.beforeAll(async () => {
    host = await signInHost();
  });
  test.afterAll(async () => {
    await host.dispose();
  });

  test('by keyboard: a lucky-fate card, a chat message, and every called number announced', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const room = await host.createRoom();
    const game = await host.createGame(room.roomUuid, {
      startsInMs: 12_000,
      prizeLuckyFateSelections: 'in-game',
      timings: { greenRoomMs: 60_000, reelsMs: 200, luckyFateMs: 20_000, ballIntervalMs: 2500 },
    });
    const player = await signUpPlayer(page.request);
    await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    await page.goto(`/game/${game.gameUuid}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Green Room');
    await dismissSoundModal(page);

    // Chat: opened, typed and sent without the mouse.
    const chatButton = page.getByRole('button', { name: /^Chat/ }).first();
    await tabTo(page, chatButton);
    await page.keyboard.press('Enter');
    const chatBox = page.getByRole('textbox', { name: 'Chat message' });
    await tabTo(page, chatBox);
    await page.keyboard.type('Typed, not tapped');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('log', { name: 'Chat messages' }).getByText('Typed, not tapped'),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // Lucky Fate: the second card, reached with Tab and turned with the space bar.
    await expect(heading).toHaveText('Lucky Fate', { timeout: 30_000 });
    const card = page.getByRole('button', { name: 'Card 2' });
    await tabTo(page, card);
    await expect.poll(() => showsFocus(page)).toBe(true);
    await page.keyboard.press('Space');
    await expect(page.getByText('Card picked!')).toBeVisible();

    // The balls: a polite live region says each number as it drops (what a screen reader reads).
    const announcer = page.getByTestId('ball-announcer');
    await expect(announcer).toHaveAttribute('aria-live', 'polite');
    const ball = page.getByTestId('current-ball');
    await expect(ball).toBeVisible({ timeout: 40_000 });
    for (let heard = 0; heard < 2; heard++) {
      const number = Number(await ball.getAttribute('data-ball'));
      await expect(announcer).toContainText(new RegExp(`^Number ${number}\\b`));
      // The next ball replaces the announcement.
      await expect(ball).not.toHaveAttribute('data-ball', String(number), { timeout: 10_000 });
    }
  });
});

test('less motion: with prefers-reduced-motion the animations stop at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/login');
  const pulse = page.locator('header [aria-hidden="true"]').first();
  await expect(pulse).toBeVisible();
  const animation = await pulse.evaluate((element) => {
    const style = getComputedStyle(element);
    return { duration: parseFloat(style.animationDuration), count: style.animationIterationCount };
  });
  expect(animation.duration).toBeLessThan(0.001);
  expect(animation.count).toBe('1');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect
    .poll(() => pulse.evaluate((element) => getComputedStyle(element).animationIterationCount))
    .toBe('infinite');
});
