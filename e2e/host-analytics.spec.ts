import { test, expect, type Locator, type Page } from './support/fixtures';
import { dismissSoundModal, resultsOf } from './support/game-show';
import { hostDesk } from './support/host-desk';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer, uniqueAddress } from './support/lobby-players';

// Issue 28, show analytics: after a played show the host opens its figures in the console, on a
// phone-sized screen, and reads what the show's results say; then the room's weeks.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

const PHONE = { width: 390, height: 844 };
const pounds = (pence: number) =>
  `£${Math.floor(pence / 100).toLocaleString('en-GB')}.${String(pence % 100).padStart(2, '0')}`;

/** The headline number labelled `label`. */
const stat = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Headline figures' }).getByText(label, { exact: true }).locator('..');

/** The rows of the table of the panel titled `title`, as text cells. */
async function tableRows(page: Page, title: string): Promise<string[][]> {
  const table: Locator = page.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
}

test("a played show's analytics read its figures, then the room's weeks", async ({ browser }) => {
  test.setTimeout(180_000);
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 10 * 60_000,
    timings: {
      greenRoomMs: 30 * 60_000,
      reelsMs: 3000,
      luckyFateMs: 3000,
      ballIntervalMs: 250,
      ruthlessMs: 6000,
      revealMs: 1000,
    },
  });
  const player = await (await browser.newContext({ viewport: PHONE })).newPage();
  const amy = await signUpPlayer(player.request, { alias: 'AmyFigures', ruthlessChoice: 'share' });
  await claimTicketViaApi(player.request, amy, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  const other = await (await browser.newContext()).newPage();
  const ben = await signUpPlayer(other.request, { alias: 'BenFigures', ruthlessChoice: 'steal' });
  await claimTicketViaApi(other.request, ben, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await other.context().close();
  // Amy watches in the green room and says hello in the chat.
  await player.goto(`/game/${game.gameUuid}`);
  await dismissSoundModal(player);
  const said = await player.request.post('/api/chat', {
    headers: { authorization: amy.token, 'x-forwarded-for': amy.address },
    data: {
      gameUuid: game.gameUuid,
      roomUuid: room.roomUuid,
      playerName: 'AmyFigures',
      chatContent: 'Hello!',
    },
  });
  expect(said.status(), await said.text()).toBe(201);

  const start = await host.request.post(`/api/host/games/${game.gameUuid}/start`, {
    headers: { authorization: host.token, 'x-forwarded-for': uniqueAddress() },
  });
  expect(start.status(), await start.text()).toBe(200);
  await expect
    .poll(async () => (await player.request.get(`/api/games/${game.gameUuid}/results`)).status(), {
      timeout: 90_000,
      intervals: [1000],
    })
    .toBe(200);
  const results = await resultsOf(player, game.gameUuid);
  await player.context().close();

  // From the room's games to the show's figures, on a phone-sized screen.
  const desk = await hostDesk(browser);
  await desk.setViewportSize(PHONE);
  await desk.goto(`/host/rooms/${room.roomUuid}`);
  await desk.locator(`tr[data-game="${game.gameUuid}"]`).getByRole('link', { name: 'Figures' }).click();
  await expect(desk).toHaveURL(new RegExp(`/host/games/${game.gameUuid}/analytics`));
  await expect(desk.getByRole('heading', { level: 1 })).toContainText('Show of');

  await expect(stat(desk, 'Players')).toContainText('2');
  await expect(stat(desk, 'Chat messages')).toContainText('1');
  await expect(stat(desk, 'Pot')).toContainText(pounds(results.potPence));
  const paid = results.payouts.reduce((sum, payout) => sum + payout.pence, 0);
  await expect(stat(desk, 'Paid out')).toContainText(pounds(paid));
  // Amy's page was a viewer all show long: the samples saw her.
  expect(
    Number(await stat(desk, 'Peak viewers').locator('span').first().textContent()),
  ).toBeGreaterThanOrEqual(1);

  const wins = await tableRows(desk, 'Time to each win');
  const prizeNames = { 'one-line': 'One line', 'two-lines': 'Two lines', 'full-house': 'Full house' };
  expect(wins.map((row) => row[0])).toEqual(results.winners.map((win) => prizeNames[win.prize]));
  expect(wins.map((row) => Number(row[1]))).toEqual(
    results.winners.map((win) => results.ballSequence.indexOf(win.ball) + 1),
  );
  const final = await tableRows(desk, 'The final’s choices');
  const outcomes = {
    'all-share': 'Everyone shared',
    'some-steal': 'Some stole',
    'all-steal': 'Everyone stole',
  };
  if (results.outcome === 'no-final') expect(final).toEqual([]);
  else
    expect(final[0]).toEqual([
      outcomes[results.outcome],
      String(results.finalists.length),
      String(results.finalists.filter((f) => !f.defaulted && f.choice === 'share').length),
      String(results.finalists.filter((f) => !f.defaulted && f.choice === 'steal').length),
      String(results.finalists.filter((f) => f.defaulted).length),
    ]);
  const tickets = await tableRows(desk, 'Tickets claimed over time');
  expect(tickets.at(-1)![1]).toBe('2');
  // Charts are drawn (uPlot canvases) beside their tables, and every table exports as CSV.
  await expect(desk.locator('[data-chart] canvas').first()).toBeVisible();
  const download = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Export Time to each win as CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^ruthless-show-.*-wins\.csv$/);
  const main = desk.getByRole('main');
  await main.evaluate((element) => element.scrollTo(0, 0));
  await desk.screenshot({ path: test.info().outputPath('show-analytics.png') });
  await desk.getByRole('heading', { name: 'Chat per minute' }).scrollIntoViewIfNeeded();
  await desk.screenshot({ path: test.info().outputPath('show-analytics-chat.png') });

  // The room's weeks: this show counted in the current week.
  await desk.getByRole('link', { name: 'The room’s weeks' }).click();
  await expect(desk).toHaveURL(new RegExp(`/host/rooms/${room.roomUuid}/analytics`));
  await expect(stat(desk, 'Shows run')).toContainText('1');
  const weeks = await tableRows(desk, 'Players per week');
  expect(weeks.at(-1)!.slice(1, 3)).toEqual(['1', '2']);
  await expect(desk.locator(`a[href="/host/games/${game.gameUuid}/analytics"]`)).toBeVisible();
  await desk.screenshot({ path: test.info().outputPath('room-analytics.png') });
});
