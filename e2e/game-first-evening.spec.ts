import { format } from 'date-fns';
import { test, expect, type Page } from './support/fixtures';
import type { GameEventLog } from '@ruthless/protocol';
import { dismissSoundModal, resultsOf } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 9 "What a new player hits", on the game screen and around it: the room's theme, no pot
// multiplier before its reel lands, the results check on the stored event log, no LIVE graphic
// after the end, the not-found page for a bad id, the preview's front door, and no Google button
// on a server without Google.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a show in a red room: its theme, the pot x1 until the reel lands, the check on the stored log, off air at the end', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const room = await host.createRoom({ theme: 'RED' });
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 12_000,
    prizes: { oneLine: 1000, twoLines: 2500, fullHouse: 10000 },
    timings: {
      greenRoomMs: 60_000,
      reelsMs: 8000,
      luckyFateMs: 300,
      ballIntervalMs: 100,
      ruthlessMs: 800,
      revealMs: 100,
    },
  });
  const player = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });

  await page.goto(`/game/${game.gameUuid}`);
  await expect(heading(page)).toHaveText('Green Room');
  await dismissSoundModal(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'RED');
  await page.screenshot({ path: test.info().outputPath('game-red-room.png') });

  // While the reels spin, the status bar's pot is the plain full house: nothing they decide shows.
  await expect(heading(page)).toHaveText('Spin the Reels', { timeout: 30_000 });
  const whileSpinning = await page.evaluate(() => ({
    title: document.querySelector('#reels-title')?.textContent,
    pot: document.querySelector('[data-testid="status-pot"]')?.textContent,
  }));
  expect(whileSpinning).toEqual({ title: 'Spin the reels!', pot: 'Pot£100.00' });
  await page.screenshot({ path: test.info().outputPath('game-reels-spinning.png') });
  await expect(page.getByRole('heading', { name: 'The reels have spoken!' })).toBeVisible({
    timeout: 15_000,
  });

  await expect(page.getByRole('heading', { name: 'Winnings' })).toBeVisible({ timeout: 60_000 });
  const results = await resultsOf(page, game.gameUuid);
  const multiplier = results.potMultiplier;
  await expect(page.getByTestId('status-pot')).toContainText(multiplier > 1 ? `Pot x${multiplier}` : 'Pot');

  // The show is over: the studio loop's "● LIVE" graphic is stopped behind the end card.
  await expect(page.getByTestId('off-air-card')).toContainText('That’s the show!');
  await expect
    .poll(() => page.getByTestId('host-video').evaluate((video: HTMLVideoElement) => video.paused))
    .toBe(true);

  // "Check this draw" runs the engine's verifyGame on the stored log, as the server publishes it.
  const logRequest = page.waitForResponse(`**/api/games/${game.gameUuid}/events`);
  await page.getByRole('link', { name: 'Check this draw' }).click();
  const log = (await (await logRequest).json()) as GameEventLog;
  expect(log.seed).toBe(results.seed);
  await expect(page.getByTestId('verify-draw')).toHaveAttribute('data-verified', 'true');
  await expect(page.getByTestId('verify-draw')).toContainText(`all ${log.events.length} events`);
  await page.screenshot({ path: test.info().outputPath('game-verified.png'), fullPage: true });

  // A log that does not follow from the seed is caught: here the first ball is changed.
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const tampered = await other.newPage();
  await tampered.route(`**/api/games/${game.gameUuid}/events`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as GameEventLog;
    const at = body.events.findIndex((event) => event.type === 'ball-called');
    const first = body.events[at] as { type: 'ball-called'; at: number; ball: number };
    const events = body.events.with(at, { ...first, ball: first.ball === 90 ? 89 : first.ball + 1 });
    await route.fulfill({ response, json: { ...body, events } });
  });
  await tampered.goto(`/game/${game.gameUuid}`);
  await dismissSoundModal(tampered);
  await tampered.getByRole('link', { name: 'Check this draw' }).click();
  await expect(tampered.getByTestId('verify-draw')).toHaveAttribute('data-verified', 'false');
  await expect(tampered.getByTestId('verify-draw').getByRole('alert')).toContainText('Mismatch: Ball 1 is');
  await other.close();
});

test('a bad game address shows the not-found page; the preview names the room and the start', async ({
  page,
}) => {
  await signUpPlayer(page.request);
  await page.goto('/game/not-a-uuid');
  await expect(page.getByRole('heading', { name: "That number's not on the board" })).toBeVisible();
  await expect(page.getByText('gameUuid must be a valid id')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('game-not-found.png') });

  const room = await host.createRoom({ theme: 'GOLD' });
  const game = await host.createGame(room.roomUuid, { startsInMs: 2 * 60 * 60_000 });
  await page.goto(`/game/${game.gameUuid}?preview=1`);
  await expect(page.getByRole('heading', { name: room.name })).toBeVisible();
  await expect(page.getByText(format(new Date(game.gameStartTime), "EEEE d MMMM 'at' h:mma"))).toBeVisible();
  await expect(page.getByText(game.gameUuid.slice(0, 8))).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('game-preview-start.png') });
});

test('without a Google client the landing offers no Google button and no "or"', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  await expect((await page.request.get('/api/auth/providers')).json()).resolves.toMatchObject({
    google: false,
  });
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expect(page.getByRole('separator', { name: 'or' })).toHaveCount(0);
});
