import { randomUUID } from 'node:crypto';
import { test, expect, type Browser, type Page } from './support/fixtures';
import { dismissSoundModal } from './support/game-show';
import { hostDesk } from './support/host-desk';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issues 12 and 14: the host console's chat moderation against the real chat, a player's phone
// (390x844) beside the host's laptop (1366x768).

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

const chatLog = (page: Page) => page.getByRole('log', { name: 'Chat messages' });
const chatBox = (page: Page) => page.getByRole('textbox', { name: 'Chat message' });
const phoneMessages = (page: Page, text: string) =>
  chatLog(page).getByTestId('chat-message').filter({ hasText: text });
const deskChat = (desk: Page) => desk.getByRole('list', { name: 'Chat messages' });
const deskMessage = (desk: Page, text: string) =>
  deskChat(desk).getByRole('listitem').filter({ hasText: text });
const auditActions = (desk: Page) => desk.getByRole('list', { name: 'Host actions' }).getByRole('listitem');

async function say(page: Page, text: string) {
  await chatBox(page).fill(text);
  await chatBox(page).press('Enter');
}

/** A show in its green room (the chat is open) and a player on it with a ticket, chat open. */
async function liveGameWithPlayer(browser: Browser, alias: string) {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 10 * 60_000,
    timings: { greenRoomMs: 30 * 60_000 },
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  const player = await signUpPlayer(phone.request, { alias });
  await claimTicketViaApi(phone.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await phone.goto(`/game/${game.gameUuid}`);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Green Room', { timeout: 20_000 });
  await dismissSoundModal(phone);
  phone.on('dialog', (dialog) => void dialog.accept());
  await phone.getByRole('button', { name: /^Chat/ }).first().click();
  await expect(chatLog(phone)).toBeVisible();
  return { game, phone, player };
}

test("the host sees a show's chat live in the console, deletes, mutes and unmutes, and the audit lists it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alias = `Cat${randomUUID().slice(0, 4)}`;
  const { game, phone } = await liveGameWithPlayer(browser, alias);
  const desk = await hostDesk(browser);
  await desk.goto(`/host/games/${game.gameUuid}`);
  await expect(desk.getByRole('heading', { name: 'Chat' })).toBeVisible({ timeout: 30_000 });
  await expect(desk.getByText('No messages yet.')).toBeVisible();

  // The player writes; the console shows it live (pushed, not reloaded), under the player's alias.
  await say(phone, 'Hello host, is this thing on?');
  await expect(phoneMessages(phone, 'Hello host, is this thing on?')).toHaveCount(1);
  await expect(deskMessage(desk, 'Hello host, is this thing on?')).toContainText(alias);
  await phone.waitForTimeout(1_100);
  await say(phone, 'Second message, stays');
  await expect(deskMessage(desk, 'Second message, stays')).toHaveCount(1);
  await desk.getByRole('region', { name: 'Chat' }).screenshot({ path: 'test-results/host-chat-panel.png' });
  await desk.screenshot({ path: 'test-results/host-chat-console.png' });

  // Delete: gone from the console and from the player's screen.
  await deskMessage(desk, 'Hello host, is this thing on?')
    .getByRole('button', { name: `Delete message from ${alias}` })
    .click();
  await expect(deskMessage(desk, 'Hello host, is this thing on?')).toHaveCount(0);
  await expect(phoneMessages(phone, 'Hello host, is this thing on?')).toHaveCount(0);
  await expect(phoneMessages(phone, 'Second message, stays')).toHaveCount(1);

  // Mute: the player's next send is refused with the host's message.
  await deskMessage(desk, 'Second message, stays')
    .getByRole('button', { name: `Mute ${alias}` })
    .click();
  await expect(
    deskMessage(desk, 'Second message, stays').getByRole('button', { name: `Unmute ${alias}` }),
  ).toBeVisible();
  await expect(deskMessage(desk, 'Second message, stays')).toContainText('muted');
  // Past the 1 s send debounce: a fast run reaches here within a second of the last send.
  await phone.waitForTimeout(1_100);
  await say(phone, 'can anyone hear me?');
  await expect(
    phone.getByRole('alert').filter({ hasText: 'You have been muted by the host.' }),
  ).toBeVisible();
  await expect(chatBox(phone)).toHaveValue('can anyone hear me?');
  await expect(deskMessage(desk, 'can anyone hear me?')).toHaveCount(0);
  await desk
    .getByRole('region', { name: 'Chat' })
    .screenshot({ path: 'test-results/host-chat-panel-muted.png' });

  // Unmute: the player is heard again.
  await deskMessage(desk, 'Second message, stays')
    .getByRole('button', { name: `Unmute ${alias}` })
    .click();
  await expect(
    deskMessage(desk, 'Second message, stays').getByRole('button', { name: `Mute ${alias}` }),
  ).toBeVisible();
  await phone.waitForTimeout(1_100);
  await chatBox(phone).press('Enter');
  await expect(deskMessage(desk, 'can anyone hear me?')).toHaveCount(1);
  await expect(chatBox(phone)).toHaveValue('');

  // The game's audit beside the live view lists the three actions, newest first, all done (204).
  await expect(auditActions(desk).nth(0)).toContainText('Player unmuted');
  await expect(auditActions(desk).nth(1)).toContainText('Player muted');
  await expect(auditActions(desk).nth(2)).toContainText('Chat message deleted');
  for (let i = 0; i < 3; i += 1) await expect(auditActions(desk).nth(i)).toContainText('204');
  // Each names whom it concerned: the player, or the deleted message's author.
  await expect(auditActions(desk).nth(0)).toContainText(`Player unmuted · ${alias}`);
  await expect(auditActions(desk).nth(1)).toContainText(`Player muted · ${alias}`);
  await expect(auditActions(desk).nth(2)).toContainText(`Chat message deleted · by ${alias}`);
  await desk.screenshot({ path: 'test-results/host-chat-audit.png' });

  await phone.context().close();
  await desk.context().close();
});

test("after the host resets a player's alias from the console, the player's next start asks for a new chat name", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alias = `Dan${randomUUID().slice(0, 4)}`;
  const { game, phone } = await liveGameWithPlayer(browser, alias);
  await say(phone, 'my name is rude');
  const desk = await hostDesk(browser);
  await desk.goto(`/host/games/${game.gameUuid}`);
  const item = deskMessage(desk, 'my name is rude');
  await expect(item).toContainText(alias, { timeout: 30_000 });

  // Confirmed first: going back does nothing.
  await item.getByRole('button', { name: 'Reset alias' }).click();
  const confirm = desk.getByRole('alertdialog', { name: `Reset ${alias}'s alias?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await expect(confirm).toHaveCount(0);
  await item.getByRole('button', { name: 'Reset alias' }).click();
  await confirm.getByRole('button', { name: 'Reset alias' }).click();
  await expect(desk.getByRole('alert').filter({ hasText: 'Alias reset.' })).toBeVisible();
  // The old name is gone from the console's chat too.
  await expect(item).not.toContainText(alias);
  // The game's audit lists the reset.
  await expect(auditActions(desk).filter({ hasText: 'Alias reset' })).toHaveCount(1);
  await expect(auditActions(desk).filter({ hasText: 'Alias reset' })).toContainText('204');

  // The player's next start: asked for a new chat name over the lobby (docs/player-app.md,
  // Start-up gate), not the first-timer's whole details form.
  await phone.goto('/');
  const rename = phone.getByRole('dialog', { name: 'Choose a new chat name' });
  await expect(rename).toBeVisible({ timeout: 20_000 });
  await expect(rename).toContainText('Your chat name was reset by the host.');
  await expect(phone.getByRole('heading', { name: 'Your details' })).toHaveCount(0);
  await phone.screenshot({ path: 'test-results/host-chat-alias-reset.png' });

  await phone.context().close();
  await desk.context().close();
});
