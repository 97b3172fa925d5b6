import { request as playwrightRequest, type Page } from './support/fixtures';
import type { GameResults } from '@ruthless/protocol';
import { createPlayer, expect, test, toast } from './support/auth';
import { dismissSoundModal } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import { baseUrl, claimTicketViaApi, signUpPlayer } from './support/lobby-players';
import { dragWithFinger, dragWithMouse } from './support/slider';

// Issue 13: the menu, sound (click, loading gate, mute, Apple devices), the crash card of one
// area, How to play, and a whole show ending in 'My shows' (with the final's slider).

const menuButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

async function openLobby(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
}

/** Records every howler play() with its source file, from now or from when howler loads (the first tap). */
async function recordPlays(page: Page) {
  await page.evaluate(() => {
    type HowlClass = { prototype: { play: (...args: unknown[]) => unknown } };
    const w = window as unknown as { Howl?: HowlClass; plays: string[] };
    w.plays = [];
    const record = (Howl: HowlClass) => {
      const play = Howl.prototype.play;
      Howl.prototype.play = function (this: { _src?: string | string[] }, ...args: unknown[]) {
        w.plays.push(String(this._src));
        return play.apply(this, args);
      };
    };
    if (w.Howl) return record(w.Howl);
    let loaded: HowlClass | undefined;
    Object.defineProperty(w, 'Howl', {
      configurable: true,
      get: () => loaded,
      set: (Howl: HowlClass) => {
        loaded = Howl;
        record(Howl);
      },
    });
  });
}
const plays = (page: Page) => page.evaluate(() => (window as unknown as { plays: string[] }).plays);
/** Browsers allow sound after the player's first tap, and the app loads howler then (lib/sound.ts). */
async function tapForSound(page: Page) {
  await page.getByRole('heading', { name: 'Games Lobby' }).click();
  await page.waitForFunction(() => 'Howler' in window);
}

const howlerMuted = (page: Page) =>
  page.evaluate(() => (window as unknown as { Howler: { _muted: boolean } }).Howler._muted);

test("the menu's entries lead to the lobby, the profile and How to play", async ({ page }) => {
  await createPlayer(page, { signedIn: true });
  await openLobby(page);
  await menuButton(page).click();
  await expect(menu(page).getByRole('listitem')).toHaveText([
    'Games Lobby',
    'Profile',
    'How to play',
    /Toggle Sound/,
    'Logout',
  ]);
  await menu(page).getByRole('link', { name: 'How to play' }).click();
  await expect(page.getByRole('heading', { name: 'How to play', level: 1 })).toBeVisible();
  for (const heading of ['The show, stage by stage', 'Prizes', 'The final: share or steal?']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Lucky Fate' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /fair draw/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/how-to-play.png', fullPage: true });
  await page.getByRole('link', { name: 'Games Lobby' }).click();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();

  await menuButton(page).click();
  await menu(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await menuButton(page).click();
  await menu(page).getByRole('link', { name: 'Games Lobby' }).click();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
});

test('a visitor finds How to play on the landing page', async ({ page }) => {
  await page.goto('/login');
  // Followed by keyboard: with the dozens of rooms the other browser tests leave on the landing, a
  // tap at the foot of the page was intercepted in full runs (see the issue note), never alone.
  // The landing re-renders as its rooms arrive, which can take the focus away before the Enter:
  // follow the link again until its page opens.
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'How to play' });
  await expect(link).toHaveAttribute('href', '/how-to-play');
  await expect(async () => {
    if (new URL(page.url()).pathname !== '/how-to-play') {
      await link.focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('heading', { name: 'How to play', level: 1 })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText(/the seed is published/)).toBeVisible();
});

test('the start-up gate waits for the game sounds, a few seconds at most, then buttons click', async ({
  page,
}) => {
  await createPlayer(page, { signedIn: true });
  // A network that never delivers the sounds: the gate shows its screen, then lets the app in.
  await page.route('**/media/sfx/*.mp3', () => undefined);
  await page.goto('/');
  await expect(page.getByText('Loading initial data...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible({ timeout: 15_000 });
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  const sounds: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/media/sfx/')) sounds.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
  // Every game sound was asked for before the app opened.
  expect(sounds.sort()).toEqual(
    ['ball-drop', 'click', 'reel-spin', 'reveal', 'win'].map((name) => `/media/sfx/${name}.mp3`),
  );

  await page.goto('/profile');
  await recordPlays(page);
  await page.getByRole('button', { name: 'Edit Details' }).click();
  await expect.poll(() => plays(page)).toContain('/media/sfx/click.mp3');
});

test('Toggle Sound mutes every sound and is remembered across a reload', async ({ page }) => {
  await createPlayer(page, { signedIn: true });
  await openLobby(page);
  await tapForSound(page);
  expect(await howlerMuted(page)).toBe(false);
  await menuButton(page).click();
  const toggle = menu(page).getByRole('button', { name: /Toggle Sound/ });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle).toContainText('Off');
  expect(await page.evaluate(() => localStorage.getItem('isMuted'))).toBe('true');
  expect(await howlerMuted(page)).toBe(true);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
  await tapForSound(page);
  expect(await howlerMuted(page)).toBe(true);
  await menuButton(page).click();
  await expect(toggle).toContainText('Off');
  await toggle.click();
  await expect(toggle).toContainText('On');
  expect(await page.evaluate(() => localStorage.getItem('isMuted'))).toBe('false');
  expect(await howlerMuted(page)).toBe(false);
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  const setHidden = (page: Page, hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);

  test('sound is muted while the page is hidden and back 500 ms after it returns', async ({ page }) => {
    await createPlayer(page, { signedIn: true });
    await openLobby(page);
    await tapForSound(page);
    await setHidden(page, true);
    expect(await howlerMuted(page)).toBe(true);
    await setHidden(page, false);
    // Still muted straight after, back a moment later.
    expect(await howlerMuted(page)).toBe(true);
    await expect.poll(() => howlerMuted(page)).toBe(false);
  });

  test('a browser that refuses to suspend or resume the audio shows the warnings', async ({ page }) => {
    await createPlayer(page, { signedIn: true });
    await openLobby(page);
    await tapForSound(page);
    await page.evaluate(() => {
      const ctx = (window as unknown as { Howler: { ctx: AudioContext } }).Howler.ctx;
      ctx.suspend = () => Promise.reject(new Error('refused'));
      ctx.resume = () => Promise.reject(new Error('refused'));
    });
    await setHidden(page, true);
    await expect(toast(page, 'Error suspending audio context.')).toBeVisible();
    await setHidden(page, false);
    await expect(toast(page, 'Error resuming audio context.')).toBeVisible();
  });
});

test('a crash in the profile leaves the menu working, and Refresh brings the profile back', async ({
  page,
}) => {
  await createPlayer(page, { signedIn: true });
  // A broken answer makes the profile's list throw while rendering.
  await page.route('**/api/my-shows', (route) => route.fulfill({ json: { not: 'a list' } }));
  await page.goto('/profile');
  const crash = page.getByRole('alert').filter({ hasText: 'Ooops! Something went wrong.' });
  await expect(crash).toBeVisible();
  await expect(crash).toHaveAttribute('data-area', 'profile');
  await page.screenshot({ path: 'test-results/screens/area-crash.png' });

  // The rest of the app still works.
  await menuButton(page).click();
  await menu(page).getByRole('link', { name: 'Games Lobby' }).click();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
  await expect(crash).toHaveCount(0);

  await page.goto('/profile');
  await expect(crash).toBeVisible();
  await page.unroute('**/api/my-shows');
  await crash.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { name: 'My shows' })).toBeVisible();
  await expect(crash).toHaveCount(0);
});

test.describe('a whole show', () => {
  let host: Host;
  test.beforeAll(async () => {
    host = await signInHost();
  });
  test.afterAll(async () => {
    await host.dispose();
  });

  test("the final's slider by keys, mouse and finger; then 'My shows' lists the game with its winnings", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const room = await host.createRoom({ name: `Shows ${Date.now().toString(36).slice(-4)}` });
    const game = await host.createGame(room.roomUuid, {
      startsInMs: 6_000,
      timings: {
        greenRoomMs: 60_000,
        reelsMs: 200,
        luckyFateMs: 1500,
        ballIntervalMs: 100,
        ruthlessMs: 25_000,
        revealMs: 200,
      },
    });
    // The other finalist plays from another phone (here: the API alone).
    const otherPhone = await playwrightRequest.newContext({ baseURL: baseUrl() });
    const other = await signUpPlayer(otherPhone);
    await claimTicketViaApi(otherPhone, other, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    await otherPhone.dispose();
    const me = await signUpPlayer(page.request, { alias: `Me${Date.now().toString(36).slice(-5)}` });
    await claimTicketViaApi(page.request, me, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });

    await page.goto(`/game/${game.gameUuid}`);
    await dismissSoundModal(page);
    // With two players both are finalists.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Final', { timeout: 60_000 });
    const slider = page.getByRole('slider', { name: 'Share or steal' });
    await expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
    const ready = () => expect(slider).not.toHaveAttribute('aria-disabled', 'true');

    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', 'steal');
    await ready();
    await dragWithMouse(page, slider, -90);
    await expect(slider).toHaveAttribute('aria-valuetext', 'share');
    await ready();
    await dragWithFinger(page, slider, 90);
    await expect(slider).toHaveAttribute('aria-valuetext', 'steal');
    await ready();
    await page.screenshot({ path: 'test-results/screens/final-slider.png' });

    await expect(page.getByRole('heading', { name: 'Winnings' })).toBeVisible({ timeout: 60_000 });
    const response = await page.request.get(`/api/games/${game.gameUuid}/results`);
    const results = (await response.json()) as GameResults;
    // The last choice counted.
    expect(results.finalists.find((finalist) => finalist.playerId === me.playerUuid)?.choice).toBe('steal');
    const won = results.payouts.find((payout) => payout.playerId === me.playerUuid)?.pence ?? 0;

    await page.goto('/profile');
    const shows = page.getByRole('list', { name: 'Past shows' }).getByRole('listitem');
    await expect(shows).toHaveCount(1);
    await expect(shows.first()).toContainText(room.name);
    await expect(shows.first().getByTestId('show-winnings')).toContainText(
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(won / 100),
    );
    await expect(shows.first().getByRole('table', { name: /^Ticket \d+$/ })).toBeVisible();
    const section = page.getByRole('region', { name: 'My shows' });
    await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: 'test-results/screens/my-shows.png' });
    await shows.first().getByRole('link', { name: 'Results & draw check' }).click();
    await expect(page.getByRole('heading', { name: 'Winnings' })).toBeVisible();
    await page.getByRole('link', { name: 'Check this draw' }).click();
    await expect(page.getByTestId('verify-draw')).toHaveAttribute('data-verified', 'true');
  });
});
