import { randomUUID } from 'node:crypto';
import type { ChatMessage, HostChatResponse } from '@ruthless/protocol';
import { test, expect, type Page } from './support/fixtures';
import { seriousViolations } from './support/axe';
import {
  ballsShown,
  boardCalled,
  dismissSoundModal,
  expectTicketMarkedBy,
  recordBallsShown,
  resultsOf,
} from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import { baseUrl, claimTicketViaApi, signUpPlayer, type TestPlayer } from './support/lobby-players';

// The journey of a whole show (issues 6, 12, 31): two players' phones and a host, over real
// sockets from the green room's chat to the verified results. What each screen shows for each
// state is checked in the component tests (chat-panel.test.tsx and the show screen's); this keeps
// what only several phones on one live server can show: the same balls everywhere, the chat and
// the host's moderation reaching the other phone, a rename at once mid-final, the results.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const chatButton = (page: Page) => page.getByRole('button', { name: /^(Chat|Close chat)/ }).first();
const chatLog = (page: Page) => page.getByRole('log', { name: 'Chat messages' });
const chatBox = (page: Page) => page.getByRole('textbox', { name: 'Chat message' });
const messagesWith = (page: Page, text: string) =>
  chatLog(page).getByTestId('chat-message').filter({ hasText: text });

async function openChat(page: Page) {
  if (!(await chatLog(page).isVisible())) await chatButton(page).click();
  await expect(chatLog(page)).toBeVisible();
}
async function closeChat(page: Page) {
  if (await chatLog(page).isVisible()) await chatButton(page).click();
  await expect(chatLog(page)).toBeHidden();
}

// A person chats at a person's pace: say() waits out the 1 s send debounce and the limit of 5
// messages in 10 s, so each call sends (the rules themselves are the component's and the server's
// tests: chat-panel.test.tsx, apps/server/test/chat/chat.test.ts).
const sentAt = new WeakMap<Page, number[]>();
async function say(page: Page, text: string) {
  const sends = sentAt.get(page) ?? [];
  const last = sends.at(-1) ?? 0;
  const fifthLast = sends.length >= 5 ? sends.at(-5)! : 0;
  const wait = Math.max(last + 1_100, fifthLast + 10_200) - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await chatBox(page).fill(text);
  await chatBox(page).press('Enter');
  sentAt.set(page, [...sends, Date.now()]);
}

async function rename(page: Page, player: TestPlayer, alias: string) {
  const response = await page.request.patch('/api/operator/user', {
    headers: { authorization: player.token, origin: baseUrl(), 'x-forwarded-for': player.address },
    data: { alias, phoneNumber: '+447911123456', ruthlessChoice: 'share' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a full show with two phones and a host: chat and moderation, claims, the same draw, a rename mid-final, the reveal, results verified', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const room = await host.createRoom();
  // The green room (where the chat opens) is open from now on; the host starts the show by hand.
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 10 * 60_000,
    prizeLuckyFateSelections: 'in-game',
    timings: {
      greenRoomMs: 30 * 60_000,
      reelsMs: 200,
      // Long enough for the tap on a busy machine: a card still moving in cannot be tapped.
      luckyFateMs: 6000,
      ballIntervalMs: 150,
      // The rename, its checks on the other phone and both choices happen in the final.
      ruthlessMs: 20_000,
      revealMs: 200,
    },
  });
  const suffix = randomUUID().slice(0, 4);
  const dialogs: string[] = [];
  const phones: { page: Page; player: TestPlayer; alias: string }[] = [];
  for (const alias of [`Amy${suffix}`, `Ben${suffix}`]) {
    const page = await (await browser.newContext()).newPage();
    page.on('dialog', (dialog) => {
      // Leaving a live show asks first (beforeunload); any other dialog would be injected script.
      if (dialog.type() === 'beforeunload') return void dialog.accept();
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const player = await signUpPlayer(page.request, { alias });
    await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
    await recordBallsShown(page);
    await page.goto(`/game/${game.gameUuid}`);
    await expect(heading(page)).toHaveText('Green Room', { timeout: 30_000 });
    await dismissSoundModal(page);
    phones.push({ page, player, alias });
  }
  const [amy, ben] = phones as [(typeof phones)[0], (typeof phones)[0]];

  // --- The green room's chat, between the phones.
  // Amy says hello (the spaces trimmed); Ben, chat closed, sees the count, then her alias.
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

  // Markup is text on the other phone: the characters show, no image is made, no script runs.
  const markup = '<img src=x onerror=alert(1)>';
  await say(amy.page, markup);
  await expect(messagesWith(ben.page, markup)).toHaveCount(1);
  await expect(chatLog(ben.page).locator('img')).toHaveCount(0);
  await ben.page.screenshot({ path: 'test-results/chat-open.png', animations: 'disabled' });

  // The host deletes a message: it goes from both phones.
  await say(amy.page, 'this one goes');
  await expect(messagesWith(ben.page, 'this one goes')).toHaveCount(1);
  const hostHeaders = { authorization: host.token };
  const chat = await host.request.get(`/api/host/games/${game.gameUuid}/chat`, { headers: hostHeaders });
  expect(chat.status()).toBe(200);
  const doomed = ((await chat.json()) as HostChatResponse).messages.find(
    (m: ChatMessage) => m.text === 'this one goes',
  )!;
  const deleted = await host.request.delete(`/api/host/games/${game.gameUuid}/chat/${doomed.messageUuid}`, {
    headers: hostHeaders,
  });
  expect(deleted.status()).toBe(204);
  await expect(messagesWith(ben.page, 'this one goes')).toHaveCount(0);
  await expect(messagesWith(amy.page, 'this one goes')).toHaveCount(0);

  // The host mutes Amy: her send is refused with the host's message, and stays in her box.
  const mutes = `/api/host/games/${game.gameUuid}/mutes/${amy.player.playerUuid}`;
  expect((await host.request.put(mutes, { headers: hostHeaders })).status()).toBe(204);
  await say(amy.page, 'can anyone hear me?');
  await expect(
    amy.page.getByRole('alert').filter({ hasText: 'You have been muted by the host.' }),
  ).toBeVisible();
  await expect(chatBox(amy.page)).toHaveValue('can anyone hear me?');
  expect((await host.request.delete(mutes, { headers: hostHeaders })).status()).toBe(204);

  // Ben's network drops; what is said meanwhile arrives once he is back.
  await ben.page.context().setOffline(true);
  await expect(ben.page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  await say(amy.page, 'said while Ben was away');
  await expect(messagesWith(amy.page, 'said while Ben was away')).toHaveCount(1);
  await ben.page.context().setOffline(false);
  await expect(messagesWith(ben.page, 'said while Ben was away')).toHaveCount(1, { timeout: 30_000 });
  // A reload brings the recent messages back with the snapshot, each once, the deleted one not.
  await ben.page.reload({ waitUntil: 'domcontentloaded' });
  await expect(heading(ben.page)).toHaveText('Green Room', { timeout: 20_000 });
  await dismissSoundModal(ben.page);
  await openChat(ben.page);
  for (const text of ['Hello from Amy!', 'Hi Amy, good luck!', markup, 'said while Ben was away'])
    await expect(messagesWith(ben.page, text), text).toHaveCount(1);
  await expect(messagesWith(ben.page, 'this one goes')).toHaveCount(0);
  await expect(messagesWith(ben.page, 'can anyone hear me?')).toHaveCount(0);
  await closeChat(ben.page);
  // Amy's chat is open since her first message: closed, it covers nothing of the show.
  await closeChat(amy.page);

  // A host's preview (no sign-in) reads the chat over its own socket and cannot write in it.
  const preview = await (await browser.newContext()).newPage();
  await preview.goto(`/game/${game.gameUuid}?preview=1`);
  await preview.getByRole('button', { name: 'Start preview' }).click();
  await openChat(preview);
  await expect(messagesWith(preview, 'said while Ben was away')).toHaveCount(1);
  await expect(chatBox(preview)).toHaveCount(0);
  await expect(preview.getByText('Preview: the chat is read-only.')).toBeVisible();
  await preview.screenshot({ path: 'test-results/chat-preview.png', animations: 'disabled' });
  await preview.context().close();

  // --- The show.
  const start = await host.control(game.gameUuid, 'start');
  expect(start.status(), await start.text()).toBe(200);
  await expect(heading(amy.page)).toHaveText('Lucky Fate', { timeout: 30_000 });
  await amy.page.getByRole('button', { name: 'Card 2' }).click();
  await expect(amy.page.getByText('Card picked!')).toBeVisible();

  // Both are finalists (the full-house winner and the runner-up).
  for (const { page } of phones) await expect(heading(page)).toHaveText('The Final', { timeout: 60_000 });
  const final = ben.page.locator('section[aria-labelledby="final-title"]');
  await expect(final).toContainText(amy.alias);
  // Amy renames herself: Ben's final and his chat show the new name at once, mid-final.
  const renamed = `Amelia${suffix}`;
  await rename(amy.page, amy.player, renamed);
  await expect(final).toContainText(renamed);
  await expect(final).not.toContainText(amy.alias);
  await openChat(ben.page);
  await expect(hello).toContainText(renamed);
  await closeChat(ben.page);
  // Both choose on the slider's buttons.
  await amy.page.getByRole('button', { name: /Share/ }).click();
  await ben.page.getByRole('button', { name: /Steal/ }).click();

  for (const { page } of phones) await expect(heading(page)).toHaveText('The Reveal', { timeout: 30_000 });
  for (const { page } of phones)
    await expect(page.getByRole('heading', { name: 'Winnings' })).toBeVisible({ timeout: 30_000 });

  const results = await resultsOf(ben.page, game.gameUuid);
  expect(results.finalists.map((finalist) => [finalist.name, finalist.choice]).sort()).toEqual([
    [renamed, 'share'],
    [ben.alias, 'steal'],
  ]);
  expect(results.outcome).toBe('some-steal');
  expect(results.winners.length).toBeGreaterThan(0);
  for (const { page } of phones) {
    // The same balls, in the stored order, each shown once; the ticket marked by them.
    expect(await ballsShown(page)).toEqual(results.ballSequence);
    expect((await boardCalled(page)).sort((a, b) => a - b)).toEqual(
      [...results.ballSequence].sort((a, b) => a - b),
    );
    await expectTicketMarkedBy(page, results.ballSequence);
    // Every player's winnings, the same on both screens.
    const payouts = page.getByTestId('payout');
    await expect(payouts).toHaveCount(results.payouts.length);
    for (const payout of results.payouts) {
      const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(
        payout.pence / 100,
      );
      await expect(payouts.filter({ hasText: payout.name })).toContainText(pounds);
    }
  }

  // The results keep the names of the end, whatever she is called later.
  await rename(amy.page, amy.player, `Later${suffix}`);
  await ben.page.reload();
  await dismissSoundModal(ben.page);
  await expect(ben.page.getByRole('heading', { name: 'Winnings' })).toBeVisible({ timeout: 30_000 });
  await expect(ben.page.getByTestId('payout').filter({ hasText: renamed })).toHaveCount(1);
  await expect(ben.page.getByTestId('payout').filter({ hasText: `Later${suffix}` })).toHaveCount(0);
  const violations = await seriousViolations(ben.page, 'results');

  // The verify link recomputes the draw from the published seed in the browser.
  for (const { page } of phones) {
    await page.getByRole('link', { name: 'Check this draw' }).click();
    await expect(page.getByTestId('verify-draw')).toHaveAttribute('data-verified', 'true');
  }
  violations.push(...(await seriousViolations(ben.page, 'verify the draw')));
  expect(violations).toEqual([]);
  expect(dialogs).toEqual([]);
  for (const { page } of phones) await page.context().close();
});
