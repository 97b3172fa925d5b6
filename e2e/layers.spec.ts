import { test, expect, type Locator, type Page } from './support/fixtures';
import { dismissSoundModal } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 31 item 5: one rule for layers: a modal is above everything and closes the menu.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

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

test('the exit modal opened from the menu is above it and closes it; nothing under a modal is tappable', async ({
  page,
}) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, { startsInMs: 3 * 60_000 });
  const player = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await page.goto(`/game/${game.gameUuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Green Room');
  await dismissSoundModal(page);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Games Lobby' }).click();
  const exit = page.getByRole('dialog', { name: 'Leave the show?' });
  await expect(exit).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  const stay = exit.getByRole('button', { name: 'Stay' });
  // Polled: the modal pops in, and a tap measured mid-animation can miss its moving button.
  await expect.poll(() => tapLandsOn(page, stay)).toBe(true);
  // The bottom bar is under the modal's backdrop.
  expect(await tapLandsOn(page, nav.getByRole('button', { name: /Menu/ }))).toBe(false);
  await page.screenshot({ path: test.info().outputPath('exit-modal-over-menu.png') });
  await stay.click();
  await expect(exit).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/game/${game.gameUuid}$`));
  await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('Edit Details is above the badge and the bottom bar, and the menu never opens over it', async ({
  page,
}) => {
  await signUpPlayer(page.request);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Details' }).click();
  const details = page.getByRole('dialog', { name: 'Edit Details' });
  await expect(details).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await tapLandsOn(page, nav.getByRole('button', { name: 'Menu' }))).toBe(false);
  expect(await tapLandsOn(page, nav.getByRole('link', { name: 'Games Lobby' }))).toBe(false);
  const badge = page.getByRole('link', { name: /profile/i }).first();
  if (await badge.isVisible()) expect(await tapLandsOn(page, badge)).toBe(false);
  await expect.poll(() => tapLandsOn(page, details.getByRole('button', { name: 'Close' }))).toBe(true);
});
