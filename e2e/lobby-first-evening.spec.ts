import { format } from 'date-fns';
import { test, expect, type Locator, type Page } from './support/fixtures';
import type { GameResults } from '@ruthless/protocol';
import { closeToasts } from './support/auth';
import { signInHost, type Host } from './support/lobby-host';
import { gameRow, openRoom, untilStill } from './support/lobby-page';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 9 "What a new player hits", in the lobby and on the purchase page: the green room keeps
// claims open, a rollover shows where it lands, a double tap claims once, a 75 px drag swipes,
// the alias badge never covers what scrolls under it, and leaving a game comes back to its room.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

/** Opens the green room at once: an hour of green room before a start `startsInMs` away. */
const greenRoomNow = { greenRoomMs: 60 * 60_000 };

async function waitForState(page: Page, gameUuid: string, state: string) {
  await expect
    .poll(
      async () => {
        const rooms = (await (await page.request.get('/api/rooms?operator=enlivon')).json()) as {
          games: { gameUuid: string; state: string }[];
        }[];
        return rooms.flatMap((room) => room.games).find((game) => game.gameUuid === gameUuid)?.state;
      },
      { timeout: 20_000 },
    )
    .toBe(state);
}

/** Whether the middle of `target` is what a finger there would touch (nothing on top of it). */
async function isUncovered(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

test('a game in its green room still takes claims: its own sign, Claim Ticket and Remind Me', async ({
  page,
}) => {
  const room = await host.createRoom({ theme: 'GREEN' });
  const inGame = await host.createGame(room.roomUuid, { startsInMs: 4 * 60_000, timings: greenRoomNow });
  const preGame = await host.createGame(room.roomUuid, {
    startsInMs: 5 * 60_000,
    prizeLuckyFateSelections: 'pre-game',
    timings: greenRoomNow,
  });
  await signUpPlayer(page.request);
  await waitForState(page, inGame.gameUuid, 'green-room');
  await waitForState(page, preGame.gameUuid, 'green-room');

  await openRoom(page, room.name);
  const row = gameRow(page, inGame.gameUuid);
  await expect(row.getByRole('status')).toHaveText(/^Green room open · starts in [34]:\d{2}$/);
  await expect(row).toHaveAttribute('data-stage', 'green-room');
  await expect(row.getByRole('timer')).toBeVisible();
  await expect(row.getByText('ON AIR')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Remind Me' })).toBeVisible();
  // The room card does not jump to a later show, nor call itself live.
  const card = page.getByRole('region', { name: 'Rooms' }).getByRole('button', { name: room.name });
  await expect(card).toContainText(`Next show ${format(new Date(inGame.gameStartTime), 'h:mma')}`);
  await expect(card).not.toContainText('Live');
  await page.screenshot({ path: test.info().outputPath('lobby-green-room.png') });

  await row.getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page.getByText("You've successfully bought the ticket!")).toBeVisible();
  await expect(row.getByRole('link', { name: 'Return To Game' })).toBeVisible();

  // The purchase page of a pre-game game in its green room: open, not 'In Progress'.
  await gameRow(page, preGame.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${room.roomUuid}/${preGame.gameUuid}$`));
  // Within the purchase page's own panel: the lobby, with its two green-room rows, can still be
  // on screen for a moment after the address changes.
  await expect(page.getByRole('region', { name: 'The game' }).getByRole('status')).toHaveText(
    /^Green room open/,
  );
  await expect(page.getByRole('button', { name: 'In Progress' })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Lucky-fate cards' }).getByRole('radio').first().click();
  await page.screenshot({ path: test.info().outputPath('purchase-green-room.png') });
  await closeToasts(page);
  await page.getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page.getByText("You've successfully bought the ticket!")).toBeVisible();
});

test('an all-steal pot shows in the next game’s full house, in the lobby and on the purchase page', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const room = await host.createRoom();
  const final = await host.createGame(room.roomUuid, {
    startsInMs: 6_000,
    maxTickets: 10,
    timings: {
      greenRoomMs: 5_000,
      reelsMs: 200,
      luckyFateMs: 300,
      ballIntervalMs: 100,
      ruthlessMs: 800,
      revealMs: 100,
    },
  });
  // Already in its green room when the final ends: the pot goes here, not to a later game.
  const next = await host.createGame(room.roomUuid, {
    startsInMs: 10 * 60_000,
    prizeLuckyFateSelections: 'pre-game',
    timings: greenRoomNow,
  });
  const later = await host.createGame(room.roomUuid, { startsInMs: 3 * 60 * 60_000 });
  for (let i = 0; i < 2; i++) {
    const context = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const stealer = await signUpPlayer(context, { ruthlessChoice: 'steal' });
    await claimTicketViaApi(context, stealer, { gameUuid: final.gameUuid, roomUuid: room.roomUuid });
    await context.dispose();
  }
  let results: GameResults | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/games/${final.gameUuid}/results`);
        if (response.status() === 200) results = (await response.json()) as GameResults;
        return response.status();
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(200);
  expect(results!.outcome).toBe('all-steal');
  const fullHouse = `£${((10_000 + results!.rolloverPence) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
  const rollover = `£${(results!.rolloverPence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

  await signUpPlayer(page.request);
  await openRoom(page, room.name);
  const row = gameRow(page, next.gameUuid);
  await expect(row).toContainText(fullHouse);
  await expect(row).toContainText(`incl. ${rollover} rollover`);
  await expect(gameRow(page, later.gameUuid)).toContainText('£100.00');
  await page.screenshot({ path: test.info().outputPath('lobby-rollover.png') });

  await row.getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page.getByLabel('Prizes')).toContainText(fullHouse);
  await expect(page.getByText(`Includes ${rollover} rolled over from the last show`)).toBeVisible();
});

test('a double tap on Claim Ticket claims once and toasts once, in the lobby and on the purchase page', async ({
  page,
}) => {
  const room = await host.createRoom();
  const inGame = await host.createGame(room.roomUuid, { prizeLuckyFateSelections: 'in-game' });
  const preGame = await host.createGame(room.roomUuid, {
    prizeLuckyFateSelections: 'pre-game',
    startsInMs: 2 * 60 * 60_000,
  });
  await signUpPlayer(page.request);
  const claims: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/(claim-ticket|purchase)$/.test(request.url()))
      claims.push(request.url());
  });
  const toasts = page
    .locator('.Toastify__toast')
    .filter({ hasText: "You've successfully bought the ticket!" });

  await openRoom(page, room.name);
  const row = gameRow(page, inGame.gameUuid);
  // Both taps land before React re-renders the button as busy.
  await row.getByRole('button', { name: 'Claim Ticket' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(row.getByRole('link', { name: 'Return To Game' })).toBeVisible();
  await expect(toasts).toHaveCount(1);
  expect(claims).toHaveLength(1);
  await closeToasts(page);

  await gameRow(page, preGame.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await page.getByRole('radiogroup', { name: 'Lucky-fate cards' }).getByRole('radio').nth(2).click();
  await page.getByRole('button', { name: 'Claim Ticket' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page).toHaveURL(/\/$/);
  await expect(gameRow(page, preGame.gameUuid).getByRole('link', { name: 'Return To Game' })).toBeVisible();
  await expect(toasts).toHaveCount(1);
  expect(claims).toHaveLength(2);
});

/** A slow finger drag of `distance` px to the left across an element (no flick). */
async function dragLeft(page: Page, target: Locator, distance: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('Nothing to swipe: the element is not on screen');
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  const from = box.x + box.width * 0.7;
  const at = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
  for (let step = 1; step <= 12; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(from - (distance * step) / 12),
    });
    // The finger's speed is what is under test (a drag, not a flick): these waits are the input.
    await page.waitForTimeout(30);
  }
  // The finger rests before it lifts.
  await page.waitForTimeout(250);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('a 120 px drag swipes to the next room, in the lobby and on the landing; 40 px does not', async ({
  page,
  browser,
}) => {
  await signUpPlayer(page.request);
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Rooms' });
  const tabs = page.getByRole('tablist', { name: 'Choose a room' }).getByRole('tab');
  await expect(tabs.nth(1)).toBeVisible({ timeout: 30_000 });
  const names = await tabs.evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('aria-label')!));
  await openRoom(page, names[0]!);
  const first = carousel.getByRole('button', { name: names[0]!, exact: true });
  await untilStill(first);
  await dragLeft(page, first, 40);
  await untilStill(first);
  await expect(carousel.getByRole('tab', { name: names[0]! })).toHaveAttribute('aria-selected', 'true');
  await dragLeft(page, first, 120);
  await expect(carousel.getByRole('tab', { name: names[1]! })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: names[1]! })).toBeVisible();

  // The landing's Upcoming Shows, signed out.
  const landing = await (await browser.newContext()).newPage();
  await landing.goto('/login');
  const shows = landing.getByRole('region', { name: 'Upcoming Shows' });
  const current = shows.locator('[aria-current="true"]');
  await expect(current).toBeVisible();
  const before = await current.getAttribute('aria-label');
  await untilStill(current);
  await dragLeft(landing, current, 120);
  await expect(current).not.toHaveAttribute('aria-label', before!);
  await landing.context().close();
});

test('the alias badge never covers what scrolls under it: the countdown’s seconds, the purchase title', async ({
  page,
}) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, { prizeLuckyFateSelections: 'pre-game' });
  // More shows below it, so the page scrolls far enough.
  for (let hour = 2; hour <= 5; hour++)
    await host.createGame(room.roomUuid, { startsInMs: hour * 60 * 60_000 });
  await signUpPlayer(page.request);
  await openRoom(page, room.name);
  const seconds = gameRow(page, game.gameUuid).locator('[data-unit="sec"]');
  // Scroll the seconds box up to where the badge sits at the top of the screen.
  await seconds.evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().top - 20);
  });
  await expect
    .poll(() => seconds.evaluate((element) => element.getBoundingClientRect().top))
    .toBeLessThan(40);
  expect(await isUncovered(seconds)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('lobby-scrolled-badge.png') });

  await gameRow(page, game.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  const roomName = page.getByText(room.name, { exact: true }).first();
  await expect(roomName).toBeVisible();
  await roomName.evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().top - 20);
  });
  expect(await isUncovered(roomName)).toBe(true);
});

test('leaving a game brings the lobby back to that game’s room', async ({ page }) => {
  const rooms = (await (await page.request.get('/api/rooms?operator=enlivon')).json()) as { name: string }[];
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid);
  const player = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  expect(rooms[0]!.name).not.toBe(room.name);

  // Straight into the game (a reminder's link), then out to the lobby.
  await page.goto(`/game/${game.gameUuid}`);
  await expect(page.getByTestId('game-screen')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games Lobby' }).click();
  await page.getByTestId('exit-modal').getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: room.name, exact: true })).toBeVisible();
  await expect(
    page.getByRole('tablist', { name: 'Choose a room' }).getByRole('tab', { name: room.name, exact: true }),
  ).toHaveAttribute('aria-selected', 'true');
});
