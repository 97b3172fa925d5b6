import { randomUUID } from 'node:crypto';
import { test, expect, type Page } from './support/fixtures';
import { dismissSoundModal } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import {
  baseUrl,
  claimTicketViaApi,
  signUpPlayer,
  uniqueAddress,
  type TestPlayer,
} from './support/lobby-players';

// Issue 31 item 1: a name follows the profile at once on every screen of a show, open chats
// included; the results of an ended show keep the names of its end.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

async function rename(page: Page, player: TestPlayer, alias: string) {
  const response = await page.request.patch('/api/operator/user', {
    headers: { authorization: player.token, origin: baseUrl(), 'x-forwarded-for': player.address },
    data: { alias, phoneNumber: '+447911123456', ruthlessChoice: 'share' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a rename mid-final shows at once on the other phone: the final, the chat, then the results', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const room = await host.createRoom();
  // The green room (where the chat opens) is open from now on; the host starts the show by hand.
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 10 * 60_000,
    timings: {
      greenRoomMs: 30 * 60_000,
      reelsMs: 200,
      luckyFateMs: 500,
      ballIntervalMs: 150,
      ruthlessMs: 25_000,
      revealMs: 200,
    },
  });
  const suffix = randomUUID().slice(0, 4);
  const phones: { page: Page; player: TestPlayer; alias: string }[] = [];
  for (const alias of [`Amy${suffix}`, `Ben${suffix}`]) {
    const page = await (await browser.newContext()).newPage();
    const player = await signUpPlayer(page.request, { alias });
    await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    await page.goto(`/game/${game.gameUuid}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Green Room', { timeout: 20_000 });
    await dismissSoundModal(page);
    phones.push({ page, player, alias });
  }
  const [amy, ben] = phones as [(typeof phones)[0], (typeof phones)[0]];

  // Amy says hello; Ben reads it under her name.
  await amy.page.getByRole('button', { name: /^Chat/ }).first().click();
  await amy.page.getByRole('textbox', { name: 'Chat message' }).fill('hello from the green room');
  await amy.page.getByRole('textbox', { name: 'Chat message' }).press('Enter');
  const log = ben.page.getByRole('log', { name: 'Chat messages' });
  await ben.page.getByRole('button', { name: /^Chat/ }).first().click();
  const hello = log.getByTestId('chat-message').filter({ hasText: 'hello from the green room' });
  await expect(hello).toContainText(amy.alias);
  await ben.page
    .getByRole('button', { name: /^Close chat/ })
    .first()
    .click();

  const start = await host.request.post(`/api/host/games/${game.gameUuid}/start`, {
    headers: { authorization: host.token, 'x-forwarded-for': uniqueAddress() },
  });
  expect(start.status(), await start.text()).toBe(200);
  await expect(ben.page.getByRole('heading', { level: 1 })).toHaveText('The Final', { timeout: 60_000 });
  const final = ben.page.locator('section[aria-labelledby="final-title"]');
  await expect(final).toContainText(amy.alias);

  // Amy renames herself: Ben's final and his open chat show the new name at once, mid-final.
  const renamed = `Amelia${suffix}`;
  await rename(amy.page, amy.player, renamed);
  await expect(final).toContainText(renamed);
  await expect(final).not.toContainText(amy.alias);
  await ben.page.getByRole('button', { name: /^Chat/ }).first().click();
  await expect(hello).toContainText(renamed);
  await ben.page
    .getByRole('button', { name: /^Close chat/ })
    .first()
    .click();

  // The results keep the names of the end, whatever she is called later.
  await expect(ben.page.getByRole('heading', { name: 'Winnings' })).toBeVisible({ timeout: 60_000 });
  await expect(ben.page.getByTestId('payout').filter({ hasText: renamed })).toHaveCount(1);
  await rename(amy.page, amy.player, `Later${suffix}`);
  await ben.page.reload();
  await dismissSoundModal(ben.page);
  await expect(ben.page.getByRole('heading', { name: 'Winnings' })).toBeVisible({ timeout: 30_000 });
  await expect(ben.page.getByTestId('payout').filter({ hasText: renamed })).toHaveCount(1);
  await expect(ben.page.getByTestId('payout').filter({ hasText: `Later${suffix}` })).toHaveCount(0);
  for (const phone of phones) await phone.page.context().close();
});
