import { format } from 'date-fns';
import { readFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import { signInHost, type Host } from './support/lobby-host';
import { dataLayer, gameRow, openRoom } from './support/lobby-page';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 5 "App": the ticket button in each of its states, the countdown, the purchase page, the
// calendar reminder and the live ticket count. Each test schedules its own games in a room of its
// own, through the host API.

const TIMESTAMP = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

test('Claim Ticket claims an in-game game at once, then turns into Return To Game', async ({ page }) => {
  const room = await host.createRoom({ theme: 'GREEN' });
  const game = await host.createGame(room.roomUuid, { prizeLuckyFateSelections: 'in-game' });
  const player = await signUpPlayer(page.request);

  await openRoom(page, room.name);
  const row = gameRow(page, game.gameUuid);
  await expect(row.getByTestId('tickets-available')).toHaveText('90 of 90 tickets available');
  const claim = row.getByRole('button', { name: 'Claim Ticket' });
  await expect(claim).toBeEnabled();

  await claim.click();
  await expect(page.getByText("You've successfully bought the ticket!")).toBeVisible();
  const back = row.getByRole('link', { name: 'Return To Game' });
  await expect(back).toBeVisible();
  await expect(back).toHaveAttribute('href', `/game/${game.gameUuid}`);
  await expect(row.getByRole('button', { name: 'Claim Ticket' })).toHaveCount(0);
  await expect(row.getByTestId('tickets-available')).toHaveText('89 of 90 tickets available');

  const pushes = await dataLayer(page);
  const joined = pushes.find((push) => push.event === 'joinLobbyTime');
  expect(joined).toMatchObject({ userId: player.playerUuid, gameId: null });
  expect(joined?.timestamp).toMatch(TIMESTAMP);
  const claimed = pushes.find((push) => push.event === 'claimTime');
  expect(claimed).toMatchObject({ gameId: game.gameUuid, userId: player.playerUuid });
  expect(claimed?.timestamp).toMatch(TIMESTAMP);

  // Still held after a reload: the active tickets come from the server.
  await page.reload();
  await openRoom(page, room.name);
  await expect(gameRow(page, game.gameUuid).getByRole('link', { name: 'Return To Game' })).toBeVisible();
  await gameRow(page, game.gameUuid).getByRole('link', { name: 'Return To Game' }).click();
  await expect(page).toHaveURL(new RegExp(`/game/${game.gameUuid}$`));
});

test('Claim Ticket is disabled when the game is sold out', async ({ page, playwright }) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, { maxTickets: 1 });
  const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const rival = await signUpPlayer(other);
  await claimTicketViaApi(other, rival, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await other.dispose();

  await signUpPlayer(page.request);
  await openRoom(page, room.name);
  const row = gameRow(page, game.gameUuid);
  await expect(row.getByRole('button', { name: 'Claim Ticket' })).toBeDisabled();
  await expect(row.getByTestId('tickets-available')).toHaveText('Sold out');
  // Not started: the countdown and the reminder are still there.
  await expect(row.getByRole('timer')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Remind Me' })).toBeVisible();
});

test('the countdown ticks each second; once complete the game is In Progress with its start time', async ({
  page,
}) => {
  const room = await host.createRoom({ theme: 'RED' });
  // Far enough ahead to see it tick, near enough to see it end; the green room opens 100 ms before.
  const game = await host.createGame(room.roomUuid, { startsInMs: 12_000, timings: { greenRoomMs: 100 } });
  // Someone else holds a ticket, so the show goes on at its start (an empty game is called off).
  const other = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, other, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  // The page's own player (signed up last, so the page's session is theirs) holds none.
  await signUpPlayer(page.request);

  await openRoom(page, room.name);
  const row = gameRow(page, game.gameUuid);
  const timer = row.getByRole('timer');
  await expect(timer).toBeVisible();
  await expect(timer).toHaveAttribute('aria-label', /^Starts in 0 days 00:00:\d\d$/);
  await expect(row.getByRole('button', { name: 'Remind Me' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Claim Ticket' })).toBeEnabled();

  const seconds = row.locator('[data-unit="sec"]');
  const first = Number(await seconds.innerText().then((text) => text.split('\n')[0]));
  await expect
    .poll(async () => Number((await seconds.innerText()).split('\n')[0]), { timeout: 3000 })
    .toBeLessThan(first);

  // Every unit reaches zero: the game counts as started.
  await expect(row.getByRole('button', { name: 'In Progress' })).toBeDisabled({ timeout: 20_000 });
  await expect(row.getByRole('timer')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Remind Me' })).toHaveCount(0);
  await expect(row.getByRole('img', { name: 'Game in progress' })).toBeVisible();
  const start = format(new Date(game.gameStartTime), 'h:mma dd/MM/yy');
  await expect(row).toContainText(`Started ${start}`);
});

test('Remind Me downloads a calendar event at the start, with an alarm 5 minutes before', async ({
  page,
}) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, { startsInMs: 3 * 60 * 60_000 });
  const player = await signUpPlayer(page.request);

  await openRoom(page, room.name);
  const downloading = page.waitForEvent('download');
  await gameRow(page, game.gameUuid).getByRole('button', { name: 'Remind Me' }).click();
  await page
    .getByRole('dialog', { name: 'Remind me' })
    .getByRole('button', { name: 'Add to my calendar' })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = (await readFile(await download.path())).toString('utf8').replace(/\r\n[ \t]/g, '');

  const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const stamp = utc(game.gameStartTime);
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toMatch(new RegExp(`^DTSTART:${stamp}$`, 'm'));
  expect(ics).toMatch(new RegExp(`^DTEND:${stamp}$`, 'm'));
  expect(ics).toMatch(/^SUMMARY:Play Ruthless: /m);
  expect(ics).toMatch(/^DESCRIPTION:.*play/im);
  expect(ics).toContain('BEGIN:VALARM');
  expect(ics).toMatch(/^TRIGGER:-PT5M$/m);
  expect(ics).toMatch(
    new RegExp(`^ORGANIZER;CN="?Ruthless"?:mailto:${player.email.replace(/\./g, '\\.')}$`, 'im'),
  );
});

test('a pre-game game goes to the purchase page: prizes, three cards, pick one and claim', async ({
  page,
}) => {
  const room = await host.createRoom({ theme: 'GOLD' });
  const game = await host.createGame(room.roomUuid, {
    prizeLuckyFateSelections: 'pre-game',
    prizes: { oneLine: 1000, twoLines: 2550, fullHouse: 123456 },
  });
  await signUpPlayer(page.request);

  await openRoom(page, room.name);
  await gameRow(page, game.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${room.roomUuid}/${game.gameUuid}$`));
  await expect(page.getByRole('heading', { name: 'Claim Your Ticket' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'GOLD');

  const prizes = page.getByLabel('Prizes');
  await expect(prizes).toContainText('£10.00');
  await expect(prizes).toContainText('£25.50');
  await expect(prizes).toContainText('£1,234.56');
  await expect(page.getByRole('timer')).toBeVisible();

  const cards = page.getByRole('radiogroup', { name: 'Lucky-fate cards' }).getByRole('radio');
  await expect(cards).toHaveCount(3);
  const claim = page.getByRole('button', { name: 'Claim Ticket' });
  await expect(claim).toBeDisabled();
  await cards.nth(1).click();
  await expect(cards.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(cards.nth(0)).toHaveAttribute('aria-checked', 'false');
  await page.screenshot({ path: test.info().outputPath('purchase-picked.png') });
  await claim.click();

  await expect(page.getByText("You've successfully bought the ticket!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await openRoom(page, room.name);
  await expect(gameRow(page, game.gameUuid).getByRole('link', { name: 'Return To Game' })).toBeVisible();
});

test('a refused claim shows the server message', async ({ page }) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, { prizeLuckyFateSelections: 'in-game' });
  await signUpPlayer(page.request);

  await openRoom(page, room.name);
  // The host cancels after the lobby loaded, before the player's tap reaches the server.
  await page.route('**/api/claim-ticket', async (route) => {
    await host.cancelGame(game.gameUuid);
    await route.continue();
  });
  await gameRow(page, game.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page.getByText('This game has been cancelled.')).toBeVisible();
});

test('tickets available drops live in a second browser when a first one claims', async ({
  page,
  browser,
}) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, { prizeLuckyFateSelections: 'in-game' });
  await signUpPlayer(page.request);

  const secondContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const second = await secondContext.newPage();
  await signUpPlayer(second.request);

  await openRoom(page, room.name);
  await openRoom(second, room.name);
  const watched = gameRow(second, game.gameUuid).getByTestId('tickets-available');
  await expect(watched).toHaveText('90 of 90 tickets available');

  await gameRow(page, game.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page.getByText("You've successfully bought the ticket!")).toBeVisible();
  // Pushed over the socket: well inside the 30 s poll.
  await expect(watched).toHaveText('89 of 90 tickets available', { timeout: 5000 });
  await secondContext.close();
});
