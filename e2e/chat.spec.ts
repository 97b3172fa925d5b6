import { randomUUID } from 'node:crypto';
import { test, expect, type Page } from './support/fixtures';
import type { ChatMessage, HostChatResponse } from '@ruthless/protocol';
import { dismissSoundModal } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer, type TestPlayer } from './support/lobby-players';

// Issue 12: chat during a live show, in two players' browsers, with a host moderating.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

const chatButton = (page: Page) => page.getByRole('button', { name: /^(Chat|Close chat)/ }).first();
const chatLog = (page: Page) => page.getByRole('log', { name: 'Chat messages' });
const chatBox = (page: Page) => page.getByRole('textbox', { name: 'Chat message' });
const messagesWith = (page: Page, text: string) =>
  chatLog(page).getByTestId('chat-message').filter({ hasText: text });

async function openChat(page: Page) {
  if (!(await chatLog(page).isVisible())) await chatButton(page).click();
  await expect(chatLog(page)).toBeVisible();
}

// A person chats at a person's pace: say() waits out the 1 s send debounce and the limit of 5
// messages in 10 s, so each call sends (the tests of those rules send on purpose faster).
const sentAt = new WeakMap<Page, number[]>();
function noteSend(page: Page) {
  sentAt.set(page, [...(sentAt.get(page) ?? []), Date.now()]);
}
async function pace(page: Page) {
  const sends = sentAt.get(page) ?? [];
  const last = sends.at(-1) ?? 0;
  const fifthLast = sends.length >= 5 ? sends.at(-5)! : 0;
  const wait = Math.max(last + 1_100, fifthLast + 10_200) - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}
async function say(page: Page, text: string) {
  await pace(page);
  await chatBox(page).fill(text);
  await chatBox(page).press('Enter');
  noteSend(page);
}

/** The host's view of the chat, for the ids of messages to moderate. */
async function hostChat(gameUuid: string): Promise<HostChatResponse> {
  const response = await host.request.get(`/api/host/games/${gameUuid}/chat`, {
    headers: { authorization: host.token },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as HostChatResponse;
}

test('two players chat during a show: aliases, debounce, markup as text, unread count, mute, delete, rejoin', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const room = await host.createRoom();
  // Starts in ten minutes, with its green room (where the chat opens) open from now on.
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 10 * 60_000,
    timings: { greenRoomMs: 30 * 60_000 },
  });
  const suffix = randomUUID().slice(0, 4);
  const players: { page: Page; player: TestPlayer; alias: string }[] = [];
  for (const alias of [`Amy${suffix}`, `Ben${suffix}`]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const player = await signUpPlayer(page.request, { alias });
    await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    await page.goto(`/game/${game.gameUuid}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Green Room', { timeout: 20_000 });
    await dismissSoundModal(page);
    players.push({ page, player, alias });
  }
  const [amy, ben] = players as [(typeof players)[0], (typeof players)[0]];
  const dialogs: string[] = [];
  for (const { page } of players)
    page.on('dialog', (dialog) => {
      // Leaving a live show asks first (beforeunload); any other dialog would be injected script.
      if (dialog.type() === 'beforeunload') return void dialog.accept();
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

  // Amy says hello; Ben, chat closed, sees the unread count, then her alias and message.
  await openChat(amy.page);
  await say(amy.page, '   Hello from Amy!   ');
  await expect(chatBox(amy.page)).toHaveValue('');
  await expect(messagesWith(amy.page, 'Hello from Amy!')).toContainText('You');
  await expect(ben.page.getByTestId('chat-unread')).toHaveText('1');
  await expect(chatButton(ben.page)).toHaveAccessibleName('Chat, 1 unread');
  await ben.page.screenshot({ path: 'test-results/chat-closed.png', animations: 'disabled' });
  await openChat(ben.page);
  await expect(ben.page.getByTestId('chat-unread')).toHaveCount(0);
  const hello = messagesWith(ben.page, 'Hello from Amy!');
  await expect(hello).toHaveCount(1);
  await expect(hello).toContainText(amy.alias);
  await expect(hello).not.toContainText('You');
  await say(ben.page, 'Hi Amy, good luck!');
  await expect(messagesWith(amy.page, 'Hi Amy, good luck!')).toContainText(ben.alias);

  // Empty messages are not sent; Enter again within 1 s of a send does nothing.
  await chatBox(amy.page).fill('    ');
  await chatBox(amy.page).press('Enter');
  // Two sends back to back (as fast as a thumb can): the second is ignored.
  await pace(amy.page);
  await amy.page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Chat message"]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const text of ['first quick one', 'second quick one']) {
      setValue.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.form!.requestSubmit();
    }
  });
  noteSend(amy.page);
  await expect(messagesWith(ben.page, 'first quick one')).toHaveCount(1);
  // The second came within 1 s of the first: ignored, its text waits in the box.
  await expect(chatBox(amy.page)).toHaveValue('second quick one');
  await expect(messagesWith(amy.page, 'second quick one')).toHaveCount(0);
  await amy.page.waitForTimeout(1_100);
  await chatBox(amy.page).press('Enter');
  noteSend(amy.page);
  await expect(messagesWith(ben.page, 'second quick one')).toHaveCount(1);
  await expect(chatBox(amy.page)).toHaveValue('');

  // Markup is text: the characters show, no image is made and no script runs.
  const markup = '<img src=x onerror=alert(1)>';
  await amy.page.waitForTimeout(1_100);
  await say(amy.page, markup);
  await expect(messagesWith(ben.page, markup)).toHaveCount(1);
  await expect(chatLog(ben.page).locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);

  await ben.page.screenshot({ path: 'test-results/chat-open.png', animations: 'disabled' });

  // A click outside the chat and its button hides it.
  await ben.page.getByRole('heading', { level: 1 }).click();
  await expect(chatLog(ben.page)).toBeHidden();

  // A message the host deletes disappears from the other screen.
  await say(amy.page, 'this one goes');
  await openChat(ben.page);
  await expect(messagesWith(ben.page, 'this one goes')).toHaveCount(1);
  const doomed = (await hostChat(game.gameUuid)).messages.find(
    (m: ChatMessage) => m.text === 'this one goes',
  )!;
  const deleted = await host.request.delete(`/api/host/games/${game.gameUuid}/chat/${doomed.messageUuid}`, {
    headers: { authorization: host.token },
  });
  expect(deleted.status()).toBe(204);
  await expect(messagesWith(ben.page, 'this one goes')).toHaveCount(0);
  await expect(messagesWith(amy.page, 'this one goes')).toHaveCount(0);

  // A muted player's message is refused with the host's message, and stays in the box.
  const muted = await host.request.put(`/api/host/games/${game.gameUuid}/mutes/${amy.player.playerUuid}`, {
    headers: { authorization: host.token },
  });
  expect(muted.status()).toBe(204);
  await amy.page.waitForTimeout(1_100);
  await say(amy.page, 'can anyone hear me?');
  await expect(
    amy.page.getByRole('alert').filter({ hasText: 'You have been muted by the host.' }),
  ).toBeVisible();
  await expect(chatBox(amy.page)).toHaveValue('can anyone hear me?');
  await expect(messagesWith(ben.page, 'can anyone hear me?')).toHaveCount(0);

  // Ben's network drops; what is said meanwhile arrives once he is back, and nothing twice.
  await ben.page.context().setOffline(true);
  await host.request.delete(`/api/host/games/${game.gameUuid}/mutes/${amy.player.playerUuid}`, {
    headers: { authorization: host.token },
  });
  await amy.page.waitForTimeout(1_100);
  await say(amy.page, 'said while Ben was away');
  await expect(messagesWith(amy.page, 'said while Ben was away')).toHaveCount(1);
  await ben.page.context().setOffline(false);
  await expect(messagesWith(ben.page, 'said while Ben was away')).toHaveCount(1, { timeout: 30_000 });
  // And after a reload the recent messages come back with the snapshot, each once.
  await ben.page.reload({ waitUntil: 'domcontentloaded' });
  await expect(ben.page.getByRole('heading', { level: 1 })).toHaveText('Green Room', { timeout: 20_000 });
  await dismissSoundModal(ben.page);
  await openChat(ben.page);
  for (const text of [
    'Hello from Amy!',
    'Hi Amy, good luck!',
    'first quick one',
    markup,
    'said while Ben was away',
  ])
    await expect(messagesWith(ben.page, text), text).toHaveCount(1);
  await expect(messagesWith(ben.page, 'this one goes')).toHaveCount(0);
  expect(dialogs).toEqual([]);

  // A host's preview (no sign-in) reads the chat and cannot write in it.
  const previewContext = await browser.newContext();
  const preview = await previewContext.newPage();
  await preview.goto(`/game/${game.gameUuid}?preview=1`);
  await preview.getByRole('button', { name: 'Start preview' }).click();
  await openChat(preview);
  await expect(messagesWith(preview, 'said while Ben was away')).toHaveCount(1);
  await expect(chatBox(preview)).toHaveCount(0);
  await expect(preview.getByText('Preview: the chat is read-only.')).toBeVisible();
  await preview.screenshot({ path: 'test-results/chat-preview.png', animations: 'disabled' });
  await previewContext.close();

  for (const { page } of players) await page.context().close();
});
