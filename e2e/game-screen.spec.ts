import { test, expect } from './support/fixtures';
import { hostVideoState, refuseAutoplayWithSound, setSoundPolicy } from './support/game-media';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 6 "App": the game screen's preview mode, the Sound Interaction Required modal and the
// exit confirmation. (The two-player show, restarts and network drops have their own files.)

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

test('preview mode: Start preview, no bottom bar, read-only, the host video muted at volume 0', async ({
  page,
}) => {
  const room = await host.createRoom();
  // Green room at once, then the reels and a long lucky-fate stage to look at.
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 4_000,
    prizeLuckyFateSelections: 'in-game',
    timings: { greenRoomMs: 60_000, reelsMs: 600, luckyFateMs: 60_000 },
  });
  const player = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  // Preview needs no sign-in: a fresh browser context without the player's cookies.
  await page.context().clearCookies();
  await refuseAutoplayWithSound(page);

  await page.goto(`/game/${game.gameUuid}?preview=1`);
  const start = page.getByRole('button', { name: 'Start preview' });
  await expect(start).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/game/${game.gameUuid}\\?preview=1$`));

  await start.click();
  await expect(page.getByText('Preview · read-only')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Green Room|Spin the Reels|Lucky Fate/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // Forced muted at volume 0, so the browser's sound rule never asks for a tap.
  await expect.poll(async () => hostVideoState(page)).toMatchObject({ muted: true, volume: 0 });
  await page.getByTestId('host-video').evaluate((element) => {
    const video = element as HTMLVideoElement;
    video.muted = false;
    video.volume = 1;
  });
  await expect.poll(async () => hostVideoState(page)).toMatchObject({ muted: true, volume: 0 });
  await expect(page.getByTestId('sound-modal')).toHaveCount(0);

  // Read-only: no ticket, and the lucky-fate cards cannot be picked.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lucky Fate', { timeout: 20_000 });
  await expect(page.getByText('Players are picking their lucky-fate cards.')).toBeVisible();
  for (const card of ['Card 1', 'Card 2', 'Card 3']) {
    await expect(page.getByRole('button', { name: card })).toBeDisabled();
  }
  await expect(page.getByRole('region', { name: /Your ticket/ })).toHaveCount(0);
  await expect(page.getByLabel('Show status')).toContainText('1');
  await page.screenshot({ path: test.info().outputPath('game-preview.png') });
});

test('the Sound Interaction Required modal: autoplay with sound refused, Confirm fails then plays', async ({
  page,
}) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, { startsInMs: 3 * 60_000 });
  const player = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await refuseAutoplayWithSound(page);

  await page.goto(`/game/${game.gameUuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Green Room');
  await expect(page.getByRole('region', { name: /Your ticket/ })).toBeVisible();

  const modal = page.getByRole('dialog', { name: 'Sound Interaction Required' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(
    'Host live video requires permission on your device. Please confirm to allow audio.',
  );
  // The picture plays silently meanwhile.
  await expect.poll(async () => (await hostVideoState(page)).muted).toBe(true);
  await page.screenshot({ path: test.info().outputPath('game-sound-modal.png') });

  // Confirm that still cannot play: an error, and the modal stays.
  await setSoundPolicy(page, 'always');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal.getByRole('alert')).toBeVisible();
  await expect(page.getByText('Error resuming audio context.')).toBeVisible();
  await expect(modal).toBeVisible();

  // Confirm with the tap counted: the video plays with sound and the modal goes.
  await setSoundPolicy(page, 'until-gesture');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal).toHaveCount(0);
  await expect.poll(async () => (await hostVideoState(page)).muted).toBe(false);

  // The joinGameTime analytics event, with the game and the player.
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
  expect(events).toContainEqual(
    expect.objectContaining({ event: 'joinGameTime', gameId: game.gameUuid, userId: player.playerUuid }),
  );
});

test('leaving the game asks first: from the logo, Stay keeps the show, Leave goes to the lobby', async ({
  page,
}) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, { startsInMs: 3 * 60_000 });
  const player = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });

  await page.goto(`/game/${game.gameUuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Green Room');
  const sound = page.getByRole('dialog', { name: 'Sound Interaction Required' });
  if (await sound.isVisible()) await sound.getByRole('button', { name: 'Confirm' }).click();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Chat' })).toBeVisible();
  await nav.getByRole('link', { name: 'Games Lobby' }).click();
  const exit = page.getByRole('dialog', { name: 'Leave the show?' });
  await expect(exit).toBeVisible();
  await exit.getByRole('button', { name: 'Stay' }).click();
  await expect(exit).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/game/${game.gameUuid}$`));

  await nav.getByRole('link', { name: 'Games Lobby' }).click();
  await page.getByRole('dialog', { name: 'Leave the show?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/$/);
});
