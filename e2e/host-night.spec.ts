import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Locator, type Page } from './support/fixtures';
import { hostDesk, LAPTOP } from './support/host-desk';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';
import { startServer } from './support/server';

// Issue 31, the host's side of a night of shows: a console without traps, on a laptop.

let host: Host;

test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

const PRIZES = { oneLine: 500, twoLines: 2500, fullHouse: 18000 };

/**
 * A game that reaches its draw a few seconds from now with one ticket held, the host's live view
 * open on it. The automatic host would call a ball only every 10 minutes: every ball is the host's.
 */
async function liveDraw(browser: Browser): Promise<{ desk: Page; gameUuid: string }> {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 4000,
    maxTickets: 10,
    prizes: PRIZES,
    timings: { greenRoomMs: 3000, reelsMs: 1000, luckyFateMs: 1000, ballIntervalMs: 600_000 },
  });
  const context = await browser.newContext();
  const player = await signUpPlayer(context.request);
  await claimTicketViaApi(context.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await context.close();
  const desk = await hostDesk(browser);
  await desk.goto(`/host/games/${game.gameUuid}`);
  await expect(desk.getByTestId('host-stage')).toHaveText('Draw', { timeout: 30_000 });
  return { desk, gameUuid: game.gameUuid };
}

/** The value of one figure of the strip over the live game, found by its label. */
function tile(desk: Page, testId: string): { label: Locator; value: Locator } {
  const value = desk.getByTestId(testId);
  return { value, label: value.locator('xpath=preceding-sibling::*[1]') };
}

test('the live view names the prize being played for with its own amount, and shows the pot apart', async ({
  browser,
}) => {
  const { desk } = await liveDraw(browser);
  const prize = tile(desk, 'host-prize');
  await expect(prize.label).toHaveText('One line');
  await expect(prize.value).toHaveText('£5.00');
  const pot = tile(desk, 'host-pot');
  const multiplier = Number(/x(\d)/.exec((await pot.label.textContent()) ?? '')?.[1] ?? 1);
  await expect(pot.value).toHaveText(`£${((PRIZES.fullHouse * multiplier) / 100).toFixed(2)}`);
  await desk.screenshot({ path: 'test-results/host-night-prize.png' });
  await desk.context().close();
});

test('a double click on "Call next ball" calls one ball, the button busy until the answer', async ({
  browser,
}) => {
  const { desk, gameUuid } = await liveDraw(browser);
  const callBall = desk.getByRole('button', { name: 'Call next ball' });
  // The first answer is held until the test has seen the button busy.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const keys: (string | null)[] = [];
  await desk.route(`**/api/host/games/${gameUuid}/draw`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? null);
    await held;
    await route.continue();
  });
  await callBall.dblclick();
  await expect(callBall).toBeDisabled();
  await expect(callBall).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(callBall).toBeEnabled();
  await expect(desk.getByTestId('host-balls-count')).toHaveText('1/90');
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.every((key) => key !== null && key === keys[0])).toBe(true);

  // Whatever was sent has been answered; the game's own state, read afresh, holds one ball.
  await desk.reload();
  await expect(desk.getByTestId('host-stage')).toHaveText('Draw', { timeout: 30_000 });
  await expect(desk.getByTestId('host-balls-count')).toHaveText('1/90');
  await desk.context().close();
});

test('a paused show is advanced one ball at a time by hand, and stays paused', async ({ browser }) => {
  const { desk } = await liveDraw(browser);
  const callBall = desk.getByRole('button', { name: 'Call next ball' });
  const count = desk.getByTestId('host-balls-count');
  await desk.getByRole('button', { name: 'Pause' }).click();
  const paused = desk.getByRole('status').filter({ hasText: 'PAUSED' });
  await expect(paused).toBeVisible();
  await expect(callBall).toBeEnabled();
  await callBall.click();
  await expect(count).toHaveText('1/90');
  await expect(desk.getByTestId('host-last-ball')).not.toHaveText('No ball');
  await expect(callBall).toBeEnabled();
  await callBall.click();
  await expect(count).toHaveText('2/90');
  await expect(paused).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Resume' })).toBeEnabled();
  await desk.context().close();
});

/** Every field, checkbox and button of `scope`, each fully on screen once scrolled to. */
async function expectAllReachable(page: Page, scope: Locator) {
  await expect(scope).toBeVisible();
  const controls = scope.locator('input:not([type=hidden]), select, textarea, button');
  const total = await controls.count();
  expect(total).toBeGreaterThan(0);
  for (let i = 0; i < total; i++) {
    const control = controls.nth(i);
    await control.scrollIntoViewIfNeeded();
    const name = (await control.getAttribute('aria-label')) ?? (await control.evaluate((el) => el.outerHTML));
    await expect(control, name.slice(0, 160)).toBeInViewport({ ratio: 1 });
  }
  // Nothing is cut off sideways: the page does not scroll horizontally either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
}

test('every console screen works at 1280x720: each form field and button is on screen or reachable', async ({
  browser,
}) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid);
  const desk = await hostDesk(browser);
  await desk.setViewportSize({ width: 1280, height: 720 });

  await desk.goto('/host');
  await desk.getByRole('button', { name: 'New room' }).click();
  await expectAllReachable(desk, desk.getByRole('form', { name: 'New room' }));

  await desk.goto(`/host/rooms/${room.roomUuid}`);
  await expectAllReachable(desk, desk.getByRole('form', { name: 'Schedule a game' }));
  await desk.getByRole('tab', { name: 'Repeating' }).click();
  const repeating = desk.getByRole('form', { name: 'Repeating schedule' });
  for (const label of ['Every (minutes)', 'From', 'To', 'First day', 'Last day']) {
    await expect(repeating.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expectAllReachable(desk, repeating);
  await repeating.getByRole('button', { name: 'Create schedule' }).scrollIntoViewIfNeeded();
  await desk.screenshot({ path: 'test-results/host-night-repeating-1280.png' });

  await desk.goto(`/host/games/${game.gameUuid}`);
  await expect(desk.getByTestId('host-stage')).toHaveText('Scheduled', { timeout: 30_000 });
  const controls = desk.getByRole('region', { name: 'Controls' });
  await expectAllReachable(desk, controls);
  // Each button whole inside its panel, none spilling over the panel below.
  const panel = (await controls.boundingBox())!;
  for (const button of await controls.getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.y + box.height, (await button.textContent()) ?? undefined).toBeLessThanOrEqual(
      panel.y + panel.height,
    );
  }
  await desk.screenshot({ path: 'test-results/host-night-live-1280.png' });
  await desk.context().close();
});

test('the host speaks in the chat from the console, and the message stays, marked as the host’s', async ({
  browser,
}) => {
  const { desk } = await liveDraw(browser);
  const send = desk.getByRole('form', { name: 'Message the players' });
  await send.getByLabel('Message as the host').fill('Eyes down, good luck everyone!');
  await send.getByRole('button', { name: 'Send' }).click();
  const messages = desk.getByRole('list', { name: 'Chat messages' });
  await expect(messages.getByRole('listitem')).toHaveCount(1);
  await expect(messages).toContainText('Eyes down, good luck everyone!');
  await expect(messages.getByText('host', { exact: true })).toBeVisible();
  await expect(send.getByLabel('Message as the host')).toHaveValue('');
  await desk.screenshot({ path: 'test-results/host-night-chat.png' });
  await desk.reload();
  await expect(messages).toContainText('Eyes down, good luck everyone!', { timeout: 30_000 });
  await desk.context().close();
});

test('the rooms screen’s audit names each room and refreshes after a create and an edit', async ({
  browser,
}) => {
  const desk = await hostDesk(browser);
  await desk.goto('/host');
  const audit = desk.getByRole('list', { name: 'Host actions' }).getByRole('listitem');
  const name = `Audit ${Date.now().toString(36)}`;
  await desk.getByRole('button', { name: 'New room' }).click();
  const form = desk.getByRole('form', { name: 'New room' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Image address').fill('/rooms/ruby-rush.svg');
  await form.getByRole('button', { name: 'Create room' }).click();
  await expect(audit.first()).toContainText('Room created');
  await expect(audit.first()).toContainText(name);

  await desk
    .getByRole('list', { name: 'Rooms' })
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = desk.getByRole('form', { name: 'Edit room' });
  await edit.getByLabel('Name').fill(`${name} 2`);
  await edit.getByRole('button', { name: 'Save room' }).click();
  await expect(audit.first()).toContainText('Room edited');
  await expect(audit.first()).toContainText(`${name} 2`);
  await desk.screenshot({ path: 'test-results/host-night-rooms-audit.png' });
  await desk.context().close();
});

test('the menu leads a host to the console', async ({ browser }) => {
  const desk = await hostDesk(browser);
  await desk.goto('/');
  await desk.getByRole('button', { name: 'Menu' }).click();
  await desk.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Host console' }).click();
  await expect(desk).toHaveURL(/\/host$/);
  await expect(desk.getByRole('heading', { name: 'Rooms' })).toBeVisible({ timeout: 30_000 });
  await desk.context().close();
});

test('a player sees no console in the menu', async ({ page }) => {
  await signUpPlayer(page.request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Host console' })).toHaveCount(0);
});

test('a listed host whose mailbox is not proven yet is told how to prove it, and can send the link', async ({
  browser,
}) => {
  const email = 'pending-host@ruthless.test';
  const server = await startServer({ ADMIN_EMAILS: email, TRUST_PROXY: 'true' });
  try {
    const context = await browser.newContext({ ...LAPTOP, baseURL: server.url });
    const page = await context.newPage();
    // Signed up, registered and with details, through the second server (its own origin).
    const request = context.request;
    const origin = server.url;
    const json = { origin, 'x-forwarded-for': '10.9.8.7' };
    const signUp = await request.post('/api/auth/sign-up/email', {
      headers: json,
      data: { email, password: 'pending-pass-1', name: 'Pending Host' },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const token = async () =>
      ((await (await request.get('/api/auth/token')).json()) as { token: string }).token;
    const register = await request.post('/api/operator/auth', {
      headers: { ...json, authorization: await token() },
      data: { email, firstName: 'Pending', lastName: 'Host', operator: 'enlivon' },
    });
    expect(register.status(), await register.text()).toBe(200);
    const details = await request.put('/api/operator/user/details', {
      headers: { ...json, authorization: await token() },
      data: {
        ruthlessChoice: 'share',
        alias: 'SoonHost',
        phoneNumber: '+447911123456',
        dobDay: 1,
        dobMonth: 1,
        dobYear: 1980,
        marketingAccepted: false,
      },
    });
    expect(details.status(), await details.text()).toBe(200);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Host console' }).click();
    await expect(page).toHaveURL(/\/host$/);
    await expect(page.getByRole('heading', { name: 'Prove your mailbox' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      `${email} may host shows, but its mailbox is not proven yet.`,
    );
    await page.getByRole('button', { name: 'Email me the link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Link sent to ${email}. Open it, choose a password, then sign in again.`,
    );
    await page.screenshot({ path: 'test-results/host-night-prove-mailbox.png' });
    await context.close();
  } finally {
    await server.close();
  }
});

/** A real 8x8 PNG, built here so the test needs no file. */
function tinyPng(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc(8 * 25, 200);
  for (let y = 0; y < 8; y++) rows[y * 25] = 0; // no filter
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the console’s forms say the room name’s limit, preview an uploaded image with its address, and name their own labels in errors', async ({
  browser,
}) => {
  const desk = await hostDesk(browser);
  await desk.goto('/host');
  await desk.getByRole('button', { name: 'New room' }).click();
  const form = desk.getByRole('form', { name: 'New room' });
  const name = form.getByLabel('Name');
  await name.fill('Friday');
  await expect(form.getByText('6/40 characters', { exact: true })).toBeVisible();
  await name.fill('The Very Long Friday Night Ruthless Bingo Spectacular');
  await expect(name).toHaveValue('The Very Long Friday Night Ruthless Bing');
  await expect(form.getByText('40/40 characters: room names are at most 40')).toBeVisible();

  await form
    .getByLabel('Image file')
    .setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: tinyPng() });
  const address = form.getByLabel('Image address');
  await expect(address).toHaveValue(/^\/room-images\/[0-9a-f]{64}\.png$/);
  const preview = form.getByRole('img', { name: 'Room image preview' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await expect(form.getByRole('figure')).toContainText(await address.inputValue());
  await desk.screenshot({ path: 'test-results/host-night-room-form.png' });

  const room = await host.createRoom();
  await desk.goto(`/host/rooms/${room.roomUuid}`);
  const schedule = desk.getByRole('form', { name: 'Schedule a game' });
  await schedule.getByLabel(/^Start/).fill('2020-01-01T10:00');
  await schedule.getByRole('button', { name: 'Schedule game' }).click();
  await expect(schedule.getByRole('alert')).toHaveText('Start must be in the future');
  await desk.context().close();
});
