import { expect, test, type Page } from './support/fixtures';
import { seriousViolations } from './support/axe';
import { hostDesk } from './support/host-desk';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 31: axe-core on every host route at 1366x900, in every stage of a show: no serious or
// critical violation.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

test('every host screen, in every stage of a show, has no serious or critical axe violation at 1366x900', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const failures: string[] = [];
  const check = async (page: Page, screen: string) =>
    failures.push(...(await seriousViolations(page, screen)));
  const desk = await hostDesk(browser);
  await desk.setViewportSize({ width: 1366, height: 900 });

  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 60 * 60_000,
    maxTickets: 10,
    timings: { greenRoomMs: 1000, reelsMs: 1000, luckyFateMs: 1000, ballIntervalMs: 4000, revealMs: 600_000 },
  });
  const phone = await browser.newContext();
  const player = await signUpPlayer(phone.request);
  await claimTicketViaApi(phone.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await phone.close();

  // Rooms, with the room form open.
  await desk.goto('/host');
  await expect(desk.getByRole('heading', { name: 'Rooms' })).toBeVisible({ timeout: 30_000 });
  await check(desk, 'rooms');
  await desk.getByRole('button', { name: 'New room' }).click();
  await check(desk, 'rooms, new room form');

  // A room's games, each side form.
  await desk.goto(`/host/rooms/${room.roomUuid}`);
  await expect(desk.getByRole('table', { name: 'Games' })).toBeVisible();
  await check(desk, 'games, schedule form');
  await desk.getByRole('tab', { name: 'Repeating' }).click();
  await check(desk, 'games, repeating form');
  await desk.getByRole('button', { name: 'Duplicate' }).click();
  await check(desk, 'games, duplicate form');
  await desk.getByRole('button', { name: 'Cancel', exact: true }).click();
  await check(desk, 'games, cancel dialog');
  await desk.getByRole('button', { name: 'Go back' }).click();

  // The live view through the show.
  await desk.goto(`/host/games/${game.gameUuid}`);
  const stage = desk.getByTestId('host-stage');
  await expect(stage).toHaveText('Scheduled', { timeout: 30_000 });
  await check(desk, 'live, scheduled');
  await desk.getByRole('button', { name: 'Open green room' }).click();
  await check(desk, 'live, confirm dialog');
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Open green room' }).click();
  await expect(stage).toHaveText('Green room');
  const send = desk.getByRole('form', { name: 'Message the players' });
  await send.getByLabel('Message as the host').fill('Welcome in!');
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(desk.getByRole('list', { name: 'Chat messages' })).toContainText('Welcome in!');
  await check(desk, 'live, green room');
  await desk.getByRole('button', { name: 'Start now' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Start now' }).click();
  await expect(stage).toHaveText('Reels');
  await check(desk, 'live, reels');
  await expect(stage).toHaveText('Draw', { timeout: 30_000 });
  await desk.getByRole('button', { name: 'Pause' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'PAUSED' })).toBeVisible();
  const callBall = desk.getByRole('button', { name: 'Call next ball' });
  // The draw may have called a few balls already while the screens before were checked.
  const ballsCount = desk.getByTestId('host-balls-count');
  const calledWhenPaused = Number((await ballsCount.textContent())!.split('/')[0]);
  for (let ball = 1; ball <= 5; ball++) {
    await callBall.click();
    await expect(ballsCount).toHaveText(`${calledWhenPaused + ball}/90`);
  }
  await check(desk, 'live, draw paused');
  await desk.getByRole('button', { name: 'Resume' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'PAUSED' })).toHaveCount(0);
  await check(desk, 'live, draw');
  // The rest through the host's API until the full house; the automatic host opens the reveal.
  await host.callBallsToTheEnd(game.gameUuid);
  await expect(desk.getByRole('list', { name: 'Winners' }).getByText('Full house')).toBeVisible();
  await expect(stage).toHaveText('Reveal', { timeout: 30_000 });
  await check(desk, 'live, reveal');
  await desk.getByRole('button', { name: 'End show' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'End show' }).click();
  await expect(stage).toHaveText('Ended');
  await check(desk, 'live, ended');
  await desk.screenshot({ path: 'test-results/host-a11y-ended.png' });

  expect(failures).toEqual([]);
  await desk.context().close();
});
