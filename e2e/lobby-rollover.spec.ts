import { test, expect } from './support/fixtures';
import type { GameResults } from '@ruthless/protocol';
import { signInHost, type Host } from './support/lobby-host';
import { gameRow, openRoom } from './support/lobby-page';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 31 item 2: an all-steal pot of a room's last show of the night waits with the room; the
// lobby says so, and the next game scheduled later plays for it (lobby row and purchase page).

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

test('the last show ends all-steal: the lobby keeps its rollover, and the next game scheduled later shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 15_000,
    prizeLuckyFateSelections: 'in-game',
    timings: {
      greenRoomMs: 60_000,
      reelsMs: 100,
      luckyFateMs: 100,
      ballIntervalMs: 100,
      ruthlessMs: 500,
      revealMs: 100,
    },
  });
  // Two players whose profile choice is STEAL, choosing nothing in the final.
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext();
    const player = await signUpPlayer(context.request, { ruthlessChoice: 'steal' });
    await claimTicketViaApi(context.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    await context.close();
  }
  let results: GameResults | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/games/${game.gameUuid}/results`);
        if (response.status() === 200) results = (await response.json()) as GameResults;
        return results?.outcome;
      },
      { timeout: 60_000 },
    )
    .toBe('all-steal');
  const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(
    results!.rolloverPence / 100,
  );

  await signUpPlayer(page.request);
  await openRoom(page, room.name);
  await expect(page.getByTestId('room-rollover')).toHaveText(`${pounds} rolls over into the next game!`);
  // The show just ended stays listed, with the way to its results (issue 31 item 6).
  const ended = gameRow(page, game.gameUuid);
  await expect(ended).toHaveAttribute('data-stage', 'ended');
  await expect(ended.getByRole('link', { name: 'See the results' })).toHaveAttribute(
    'href',
    `/game/${game.gameUuid}`,
  );
  await page.screenshot({ path: test.info().outputPath('lobby-room-rollover.png') });

  // Scheduled later in the evening: it plays for the rollover.
  const next = await host.createGame(room.roomUuid, { prizeLuckyFateSelections: 'pre-game' });
  await page.reload();
  await openRoom(page, room.name);
  await expect(gameRow(page, next.gameUuid)).toContainText(`incl. ${pounds} rollover`);
  await expect(page.getByTestId('room-rollover')).toHaveCount(0);
  await expect(gameRow(page, game.gameUuid)).toHaveCount(0);
  await gameRow(page, next.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page.getByRole('heading', { name: 'Claim Your Ticket' })).toBeVisible();
  await expect(page.getByText(`Includes ${pounds} rolled over from the last show`)).toBeVisible();
});
