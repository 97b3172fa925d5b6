import { randomUUID } from 'node:crypto';
import { test, expect } from './support/fixtures';
import { dismissSoundModal } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import { baseUrl, claimTicketViaApi, signUpPlayer, uniqueAddress } from './support/lobby-players';

// Issue 31 item 8: a player whose chat name the host resets mid-show is told why and asked for
// a new one over the show, which goes on underneath.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

test('the host resets a chat name in the green room: the player is told and renames without leaving', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 10 * 60_000,
    timings: { greenRoomMs: 30 * 60_000 },
  });
  const alias = `Rude${randomUUID().slice(0, 4)}`;
  const player = await signUpPlayer(page.request, { alias });
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await page.goto(`/game/${game.gameUuid}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Green Room', { timeout: 20_000 });
  await dismissSoundModal(page);

  const reset = await host.request.post(
    `/api/host/games/${game.gameUuid}/players/${player.playerUuid}/reset-alias`,
    { headers: { authorization: host.token, 'x-forwarded-for': uniqueAddress() } },
  );
  expect(reset.status(), await reset.text()).toBeLessThan(300);

  const dialog = page.getByRole('dialog', { name: 'Choose a new chat name' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your chat name was reset by the host.');
  // Over the show, not the first-time details form: same address, the show still under it.
  await expect(page).toHaveURL(new RegExp(`/game/${game.gameUuid}$`));
  await expect(heading).toHaveText('Green Room');
  await expect(page.getByLabel('Day')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('alias-reset.png') });

  // Its rules are the chat name's.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Form errors' })).toContainText('Chat name cannot be empty');
  const renamed = `Kind${randomUUID().slice(0, 4)}`;
  await dialog.getByLabel('Chat name').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(heading).toHaveText('Green Room');
  await expect(page).toHaveURL(new RegExp(`/game/${game.gameUuid}$`));

  const settings = await page.request.get('/api/operator/user', {
    headers: { authorization: player.token, origin: baseUrl(), 'x-forwarded-for': player.address },
  });
  expect(await settings.json()).toMatchObject({ alias: renamed, phoneNumber: '+447911123456' });
});
