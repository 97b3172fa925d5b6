import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { boardCalled, dismissSoundModal, resultsOf } from './support/game-show';
import { hostDesk } from './support/host-desk';
import { signInHost, type Host } from './support/lobby-host';
import { gameRow, openRoom } from './support/lobby-page';
import { signUpPlayer } from './support/lobby-players';

// Issue 14: the host console. A host schedules and runs a show by hand from a laptop-sized
// browser while a player's phone follows; players never reach (or download) the desk.

let host: Host;

test.beforeAll(async () => {
  // Creates the host account and proves its mailbox (the host role needs both).
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

/** Every script and style sheet the page has loaded so far. */
async function loadedAssets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.(js|css)(\?|$)/.test(name)),
  );
}

test('a host schedules a game in the console and runs it by hand to the end while the player follows', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const desk = await hostDesk(browser);
  await desk.goto('/host');
  await expect(desk.getByRole('heading', { name: 'Rooms' })).toBeVisible({ timeout: 30_000 });

  // A room, with an upload the server refuses by its content.
  const roomName = `Console ${randomUUID().slice(0, 6)}`;
  await desk.getByRole('button', { name: 'New room' }).click();
  const roomForm = desk.getByRole('form', { name: 'New room' });
  await roomForm.getByLabel('Image file').setInputFiles({
    name: 'setup.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
  });
  await expect(roomForm.getByRole('alert')).toHaveText('The room image must be a PNG, JPEG or WebP picture.');
  await roomForm.getByLabel('Name').fill(roomName);
  await roomForm.getByLabel('Theme').selectOption('GOLD');
  await roomForm.getByLabel('Image address').fill('/rooms/ruby-rush.svg');
  await roomForm.getByRole('button', { name: 'Create room' }).click();
  await expect(desk.getByRole('link', { name: `Games of ${roomName}` })).toBeVisible();
  await desk.screenshot({ path: 'test-results/host-console-rooms.png' });
  await desk.getByRole('link', { name: `Games of ${roomName}` }).click();

  // The game, scheduled on the host's clock; the host calls balls faster than the automatic host would.
  const schedule = desk.getByRole('form', { name: 'Schedule a game' });
  await schedule.getByLabel('Max tickets').fill('10');
  await schedule.getByLabel('Reels (s)').fill('1');
  await schedule.getByLabel('Lucky fate (s)').fill('1');
  await schedule.getByLabel('Ball interval (s)').fill('15');
  await schedule.getByLabel('Ruthless final (s)').fill('1');
  await schedule.getByLabel('Reveal (s)').fill('600');
  await schedule.getByRole('button', { name: 'Schedule game' }).click();
  const row = desk.getByRole('table', { name: 'Games' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('scheduled');
  await expect(row.locator('td').nth(4)).toHaveAttribute('title', /SHA-256 of the seed: [0-9a-f]{64}/);
  const gameUuid = (await row.getAttribute('data-game'))!;
  await desk.screenshot({ path: 'test-results/host-console-games.png' });

  // A player claims it in the lobby of another browser, and opens the game.
  const phone = await (await browser.newContext()).newPage();
  const alias = `Fan${randomUUID().slice(0, 5)}`;
  await signUpPlayer(phone.request, { alias });
  await openRoom(phone, roomName);
  await gameRow(phone, gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(gameRow(phone, gameUuid).getByRole('button', { name: 'Claim Ticket' })).toHaveCount(0);
  await phone.goto(`/game/${gameUuid}`);
  await dismissSoundModal(phone);
  const playerHeading = phone.getByRole('heading', { level: 1 });

  // The live view, driven by hand.
  await row.getByRole('link', { name: 'Live' }).click();
  const stage = desk.getByTestId('host-stage');
  await expect(stage).toHaveText('Scheduled');
  await expect(desk.getByTestId('host-players')).toHaveText('1');
  await expect(desk.getByRole('button', { name: 'Call next ball' })).toBeDisabled();
  await expect(desk.getByRole('button', { name: 'End show' })).toBeDisabled();

  await desk.getByRole('button', { name: 'Open green room' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Open green room' }).click();
  await expect(stage).toHaveText('Green room');
  await expect(playerHeading).toHaveText('Green Room');
  await expect(desk.getByRole('button', { name: 'Open green room' })).toBeDisabled();

  await desk.getByRole('button', { name: 'Start now' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Start now' }).click();
  await expect(stage).toHaveText('Draw', { timeout: 30_000 });
  await expect(playerHeading).toHaveText('Eyes Down', { timeout: 30_000 });

  const callBall = desk.getByRole('button', { name: 'Call next ball' });
  const lastBall = desk.getByTestId('host-last-ball');
  await callBall.click();
  await expect(desk.getByTestId('host-balls-count')).toHaveText('1/90');
  const first = Number(await lastBall.textContent());
  await expect.poll(() => boardCalled(phone)).toEqual([first]);

  await desk.getByRole('button', { name: 'Pause' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'PAUSED' })).toBeVisible();
  // Paused stops the automatic host only: the host may still call by hand.
  await expect(callBall).toBeEnabled();
  await expect(phone.getByText('Paused', { exact: true })).toBeVisible();
  await desk.screenshot({ path: 'test-results/host-console-live.png' });
  await desk.getByRole('button', { name: 'Resume' }).click();
  await expect(phone.getByText('Paused', { exact: true })).toHaveCount(0);
  await expect(callBall).toBeEnabled();

  // Three more by hand, each counted on the console; then the rest through the same API the button
  // calls, until the full house: the automatic host then opens the reveal (one player).
  const count = desk.getByTestId('host-balls-count');
  for (let ball = 2; ball <= 4; ball++) {
    await expect(callBall).toBeEnabled();
    await callBall.click();
    await expect(count).toHaveText(`${ball}/90`);
  }
  await host.callBallsToTheEnd(gameUuid);
  await expect(desk.getByRole('list', { name: 'Winners' }).getByText('Full house')).toBeVisible();
  await expect(callBall).toBeDisabled();
  await expect(stage).toHaveText('Reveal', { timeout: 30_000 });
  await expect(playerHeading).toHaveText('The Reveal', { timeout: 30_000 });
  await expect(desk.getByRole('list', { name: 'Winners' })).toContainText(alias);

  await desk.getByRole('button', { name: 'End show' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'End show' }).click();
  await expect(stage).toHaveText('Ended');
  await expect(playerHeading).toHaveText('That’s the Show', { timeout: 30_000 });
  for (const control of ['Open green room', 'Start now', 'Call next ball', 'Pause', 'Resume', 'End show']) {
    await expect(desk.getByRole('button', { name: control })).toBeDisabled();
  }

  // The player's screen followed every ball the console called.
  const results = await resultsOf(phone, gameUuid);
  expect((await boardCalled(phone)).sort((a, b) => a - b)).toEqual(
    [...results.ballSequence].sort((a, b) => a - b),
  );
  expect(results.winners.find((winner) => winner.prize === 'full-house')).toBeTruthy();
  // Every control the host used is in the game's audit.
  const audit = desk.getByRole('list', { name: 'Host actions' });
  for (const action of [
    'Green room opened',
    'Show started',
    'Ball called',
    'Draw paused',
    'Draw resumed',
    'Show ended',
  ]) {
    await expect(audit).toContainText(action);
  }
  await desk.screenshot({ path: 'test-results/host-console-ended.png' });
  // Usable on a tablet too: the side columns stack under the board.
  await desk.setViewportSize({ width: 1024, height: 768 });
  await expect(desk.getByRole('button', { name: 'Call next ball' })).toBeInViewport();
  await desk.screenshot({ path: 'test-results/host-console-tablet.png', fullPage: true });
  await phone.context().close();
  await desk.context().close();
});

test('a player who opens /host is sent to the lobby, and neither /login nor the lobby loads console code', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await loadedAssets(page)).filter((name) => /\/assets\/host-console-/.test(name))).toEqual([]);

  await signUpPlayer(page.request);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible({ timeout: 30_000 });
  const lobbyAssets = await loadedAssets(page);
  expect(lobbyAssets.some((name) => /\/assets\/index-/.test(name))).toBe(true);
  expect(lobbyAssets.filter((name) => /\/assets\/host-console-/.test(name))).toEqual([]);

  await page.goto('/host');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Control room')).toHaveCount(0);
  expect((await loadedAssets(page)).filter((name) => /\/assets\/host-console-/.test(name))).toEqual([]);
});
