import { test, expect, type Locator, type Page } from './support/fixtures';
import { closeToasts, declineNotifications } from './support/auth';
import { seriousViolations } from './support/axe';
import { signInHost, type Host } from './support/lobby-host';
import { gameRow, openRoom, untilStill } from './support/lobby-page';
import { signUpPlayer } from './support/lobby-players';

// The lobby and the purchase page in a real browser, for what only a browser shows: a finger's
// drag on the real carousel (120 px swipes, 40 px does not), a claim seen live by a second phone
// over real sockets, the alias badge over what scrolls under it, the music and the mute kept over
// a full reload, a reminder's link into a game and back to its room, the pulsing light, and the
// colours (axe). Each screen's rows, buttons, messages and keyboard are the component tests'
// (apps/web/src/app/routes/lobby.test.tsx, purchase.test.tsx).

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

const TICKET_BOUGHT = "You've successfully bought the ticket!";

/** Whether the middle of `target` is what a finger there would touch (nothing on top of it). */
async function isUncovered(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** Scrolls `target` up to where the alias badge sits at the top of the screen. */
async function scrollUnderTheBadge(target: Locator) {
  await target.evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().top - 20);
  });
  await expect.poll(() => target.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(40);
}

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

const themeGlow = (page: Page) =>
  page.evaluate<string>("getComputedStyle(document.documentElement).getPropertyValue('--theme-glow').trim()");

test('a first evening in the lobby: swipes, music, a claim seen live by a second phone, a ticket bought, into a game and back, muted for good', async ({
  page,
  browser,
}) => {
  // About 40 s alone; three finger drags and two phones take several times that on a loaded machine.
  test.setTimeout(300_000);
  const room = await host.createRoom({ theme: 'GREEN' });
  const inGame = await host.createGame(room.roomUuid, { prizeLuckyFateSelections: 'in-game' });
  const preGame = await host.createGame(room.roomUuid, {
    prizeLuckyFateSelections: 'pre-game',
    startsInMs: 2 * 60 * 60_000,
  });
  // More shows below them, so the page scrolls far enough to put a row under the badge.
  for (let hour = 3; hour <= 5; hour++)
    await host.createGame(room.roomUuid, { startsInMs: hour * 60 * 60_000 });

  // Signed out, the landing's Upcoming Shows swipe under a finger too.
  await page.goto('/login');
  const current = page.getByRole('region', { name: 'Upcoming Shows' }).locator('[aria-current="true"]');
  await expect(current).toBeVisible({ timeout: 30_000 });
  const before = await current.getAttribute('aria-label');
  await untilStill(current);
  await dragLeft(page, current, 120);
  await expect(current).not.toHaveAttribute('aria-label', before!);

  // Signed in: the lobby plays the presenter's music from the first tap (browsers allow sound then).
  await signUpPlayer(page.request);
  const music = page.waitForRequest(/\/sounds\/presenter-only\.mp3$/);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Games Lobby' }).click({ timeout: 30_000 });
  await music;

  // A 40 px drag leaves the room where it is; 120 px brings in the next one.
  const carousel = page.getByRole('region', { name: 'Rooms' });
  const tabs = carousel.getByRole('tablist', { name: 'Choose a room' }).getByRole('tab');
  // The rooms come after the heading: wait for them before reading their names.
  await expect.poll(() => tabs.count(), { timeout: 30_000 }).toBeGreaterThan(1);
  const names = await tabs.evaluateAll((each) => each.map((tab) => tab.getAttribute('aria-label')!));
  await openRoom(page, names[0]!);
  // A card is named by all it shows: the room, then its next show.
  const first = carousel.getByRole('button', { name: new RegExp(`^(Live )?${names[0]!} `) });
  await untilStill(first);
  await dragLeft(page, first, 40);
  await untilStill(first);
  await expect(carousel.getByRole('tab', { name: names[0]!, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await dragLeft(page, first, 120);
  await expect(carousel.getByRole('tab', { name: names[1]!, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { level: 2, name: names[1]!, exact: true })).toBeVisible();

  // The background's light follows the room: red in Ruby Rush, green in the new room.
  await openRoom(page, 'Ruby Rush');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'RED');
  const red = await themeGlow(page);
  await openRoom(page, room.name);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'GREEN');
  expect(await themeGlow(page)).not.toBe(red);

  // A second phone watches the same room.
  const secondContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const second = await secondContext.newPage();
  await signUpPlayer(second.request);
  await openRoom(second, room.name);
  const watched = gameRow(second, inGame.gameUuid).getByTestId('tickets-available');
  await expect(watched).toHaveText('90 of 90 tickets available');

  // The badge never covers what scrolls under it: the countdown's seconds.
  const seconds = gameRow(page, inGame.gameUuid).locator('[data-unit="sec"]');
  await scrollUnderTheBadge(seconds);
  expect(await isUncovered(seconds)).toBe(true);

  await gameRow(page, inGame.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page.getByText(TICKET_BOUGHT)).toBeVisible();
  // A claim is the moment notifications are offered: once, and never again after "Not now".
  await declineNotifications(page);
  await expect(gameRow(page, inGame.gameUuid).getByRole('link', { name: 'Return To Game' })).toBeVisible();
  // Pushed over the socket: well inside the 30 s poll.
  await expect(watched).toHaveText('89 of 90 tickets available', { timeout: 5000 });
  await secondContext.close();
  expect(await seriousViolations(page, 'lobby')).toEqual([]);
  await closeToasts(page);

  // A pre-game show: the purchase page, its title never under the badge, a card, the claim.
  await gameRow(page, preGame.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${room.roomUuid}/${preGame.gameUuid}$`));
  const roomName = page.getByRole('region', { name: 'The game' }).getByText(room.name, { exact: true });
  await expect(roomName).toBeVisible();
  await scrollUnderTheBadge(roomName);
  expect(await isUncovered(roomName)).toBe(true);
  await page.getByRole('radiogroup', { name: 'Lucky-fate cards' }).getByRole('radio').nth(1).click();
  expect(await seriousViolations(page, 'purchase')).toEqual([]);
  await page.getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page.getByText(TICKET_BOUGHT)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Get a nudge at showtime?' })).toHaveCount(0);
  await expect(gameRow(page, preGame.gameUuid).getByRole('link', { name: 'Return To Game' })).toBeVisible();

  // Another room in the centre, then straight into the game by its address (a reminder's link, a
  // full page load): leaving it brings the lobby back to that game's room.
  await openRoom(page, 'Ruby Rush');
  await page.goto(`/game/${inGame.gameUuid}`);
  await expect(page.getByTestId('game-screen')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games Lobby' }).click();
  await page.getByTestId('exit-modal').getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: room.name, exact: true })).toBeVisible();
  await expect(
    page.getByRole('tablist', { name: 'Choose a room' }).getByRole('tab', { name: room.name, exact: true }),
  ).toHaveAttribute('aria-selected', 'true');

  // Toggle Sound mutes the app, and the reload keeps it muted.
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const toggle = menu.getByRole('button', { name: /Toggle Sound/ });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
  await expect(toggle).toContainText('On');
  await toggle.click();
  await expect(toggle).toContainText('Off');
  expect(await page.evaluate("localStorage.getItem('isMuted')")).toBe('true');
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
  await expect(toggle).toContainText('Off');
  await expect.poll(() => page.evaluate('window.Howler?._muted')).toBe(true);
  await toggle.click();
  await expect(toggle).toContainText('On');
  expect(await page.evaluate("localStorage.getItem('isMuted')")).toBe('false');
});

test.describe('with motion', () => {
  // The pulse is an animation: with reduced motion (the tests' default) it would not run.
  test.use({ reducedMotion: 'no-preference' });
  test('the room in the centre glows with a pulsing light of its own, which only fades in and out', async ({
    page,
  }) => {
    await signUpPlayer(page.request);
    await page.goto('/');
    // The start-up gate checks the session, the token and the settings first: slow on a busy machine.
    await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible({ timeout: 30_000 });
    const selected = page.getByRole('region', { name: 'Rooms' }).locator('[aria-pressed="true"]');
    await expect(selected).toHaveCount(1, { timeout: 30_000 });
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
