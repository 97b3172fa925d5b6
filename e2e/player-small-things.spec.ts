import { test, expect, type Locator, type Page } from './support/fixtures';
import { hostVideoState, refuseAutoplayWithSound } from './support/game-media';
import { signInHost, type Host } from './support/lobby-host';
import { gameRow, openRoom, untilStill } from './support/lobby-page';
import { claimTicketViaApi, signUpPlayer } from './support/lobby-players';

// Issue 31 item 9: the small things a player met in an evening, each where they see it.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

const LAPTOP = { viewport: { width: 1280, height: 720 }, isMobile: false, hasTouch: false };

test('Edit Details: the phone placeholder passes its own check, and the number reads as on the profile', async ({
  page,
}) => {
  await signUpPlayer(page.request);
  await page.goto('/profile');
  const shown = page.getByTestId('profile-phone');
  await expect(shown).toHaveText('07911 123456');
  await page.getByRole('button', { name: 'Edit Details' }).click();
  const phone = page.getByRole('dialog', { name: 'Edit Details' }).getByLabel('Phone number');
  // One format: the field holds the number as the profile shows it.
  await expect(phone).toHaveValue('07911 123456');
  const example = await phone.getAttribute('placeholder');
  expect(example).toBeTruthy();
  await phone.fill(example!);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Your details have been updated.' }),
  ).toBeVisible();
  await expect(shown).toHaveText(example!);
});

test('Remind Me says on screen that the calendar file was downloaded', async ({ page }) => {
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid);
  await signUpPlayer(page.request);
  await openRoom(page, room.name);
  const download = page.waitForEvent('download');
  await gameRow(page, game.gameUuid).getByRole('button', { name: 'Remind Me' }).click();
  await page
    .getByRole('dialog', { name: 'Remind me' })
    .getByRole('button', { name: 'Add to my calendar' })
    .click();
  expect((await download).suggestedFilename()).toMatch(/\.ics$/);
  await expect(
    page
      .locator('.Toastify__toast')
      .filter({ hasText: 'The calendar file was downloaded: open it to add the show to your calendar.' }),
  ).toBeVisible();
});

test("on a laptop the lobby's rooms follow a mouse drag", async ({ browser }) => {
  const page = await (await browser.newContext(LAPTOP)).newPage();
  await host.createRoom();
  await signUpPlayer(page.request);
  await page.goto('/');
  const rooms = page.getByRole('region', { name: 'Rooms' });
  const current = rooms.locator('[aria-roledescription="slide"][aria-current="true"]');
  await expect(current).toBeVisible({ timeout: 30_000 });
  const before = await current.getAttribute('aria-label');
  expect(before).toMatch(/^1 of /);
  const box = await boxOf(current);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 20; step++) await page.mouse.move(x - step * 10, y);
  await page.mouse.up();
  await expect(current).toHaveAttribute('aria-label', /^2 of /);
  // And it stays there once the carousel comes to rest (the click that ends a drag selects nothing).
  await untilStill(current);
  await expect(current).toHaveAttribute('aria-label', /^2 of /);
  await page.context().close();
});

test("the footer's 'Powered by Ruthless Live' leads to who makes the show, not the API reference", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Ruthless Live' }).click();
  await expect(page).not.toHaveURL(/\/api\//);
  await expect(page.getByRole('heading', { name: 'Who is behind Ruthless?' })).toBeInViewport();
});

async function expectClearOfToast(page: Page, fields: Locator[]) {
  const toastBox = await boxOf(
    page.locator('.Toastify__toast').filter({ has: page.getByRole('list', { name: 'Form errors' }) }),
  );
  for (const field of fields) {
    await expect(field).toBeInViewport();
    const box = await boxOf(field);
    expect(overlaps(toastBox, box), `the toast covers ${await field.getAttribute('id')}`).toBe(false);
  }
}

test('validation toasts leave the fields they name in sight', async ({ page }) => {
  await page.goto('/login?form_type=sign-up');
  // The player has scrolled down the form, as on a phone: the Email field at the top of the screen,
  // where the toast comes.
  await page.getByLabel('Email').evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('list', { name: 'Form errors' })).toBeVisible();
  // Measured once the toast's entrance has played out (it closes itself after 5 s).
  const shown = page
    .locator('.Toastify__toast')
    .filter({ has: page.getByRole('list', { name: 'Form errors' }) });
  await expect
    .poll(() => shown.evaluate((el) => el.getAnimations().filter((a) => a.playState === 'running').length))
    .toBe(0);
  await page.screenshot({ path: test.info().outputPath('sign-up-errors.png') });
  await expectClearOfToast(page, [
    page.getByLabel('Email'),
    page.getByLabel('Password', { exact: true }),
    page.getByLabel('Confirm password'),
  ]);
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
]) {
  test(`on a ${viewport.width}x${viewport.height} laptop the sign-up form is there without scrolling`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ ...LAPTOP, viewport })).newPage();
    await page.goto('/login?form_type=sign-up');
    await expect(page.getByRole('heading', { name: 'Join the show' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upcoming Shows' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`sign-up-${viewport.width}.png`) });
    for (const field of [
      page.getByLabel('Email'),
      page.getByLabel('Password', { exact: true }),
      page.getByLabel('Confirm password'),
      page.getByRole('button', { name: 'Sign up' }),
    ]) {
      const box = await boxOf(field);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });
}

test('the sound modal lets a player carry on without sound', async ({ page }) => {
  await refuseAutoplayWithSound(page);
  const room = await host.createRoom();
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 10 * 60_000,
    timings: { greenRoomMs: 30 * 60_000 },
  });
  const player = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await page.goto(`/game/${game.gameUuid}`);
  const modal = page.getByRole('dialog', { name: 'Sound Interaction Required' });
  await expect(modal).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Continue without sound' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Green Room');
  expect((await hostVideoState(page)).muted).toBe(true);
  // Muted as the menu's Toggle Sound mutes: remembered for the next show.
  expect(await page.evaluate(() => localStorage.getItem('isMuted'))).toBe('true');
});
