import {
  closeToasts,
  createPlayer,
  declineNotifications,
  expect,
  PASSWORD,
  randomIp,
  test,
  toast,
  uniqueAlias,
  uniqueEmail,
} from './support/auth';
import { seriousViolations } from './support/axe';
import { dismissSoundModal } from './support/game-show';
import { signInHost } from './support/lobby-host';
import { gameRow, openRoom } from './support/lobby-page';

// The journey "Sign up to a first show" (issue 4, issue 39, issue 44): a new player arrives
// through a friend's invite link, opens /login, signs up
// with the form (the one browser test that types it), goes through the mandatory details form to
// the lobby, claims a ticket for a show and reaches its green room; the screens it passed are
// swept with axe. The landing's first load is also where the layout is measured: the form must
// not jump when the upcoming shows arrive (issue 15). Each form's messages, the form modes and
// the server's answers are the component tests' (apps/web/src/features/auth/**/*.test.tsx). The
// friend who invited them sees one friend joined.

test('a new player signs up, fills in the details and claims a ticket into a show’s green room', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await signInHost();
  const room = await host.createRoom({ theme: 'GREEN' });
  // Far enough ahead that the green room does not open by itself: the host opens it.
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 10 * 60_000,
    timings: { greenRoomMs: 60_000 },
  });
  const violations: string[] = [];

  // A friend's invite link, from their profile (their own browser).
  const friendContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
  const friendPage = await friendContext.newPage();
  const friend = await createPlayer(friendPage, { signedIn: true });
  const friendInvite = async () => {
    const token = (await (await friendPage.request.get('/api/auth/token')).json()) as { token: string };
    const invite = await friendPage.request.get('/api/profile/invite', {
      headers: { Authorization: token.token },
    });
    expect(invite.status()).toBe(200);
    return (await invite.json()) as { url: string; friendsJoined: number };
  };
  const invite = await friendInvite();
  expect(invite.friendsJoined).toBe(0);
  await page.goto(new URL(invite.url).pathname);
  await expect(page.getByRole('heading', { name: `${friend.alias} invites you to Ruthless` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up and play' })).toHaveAttribute(
    'href',
    '/login?form_type=sign-up',
  );
  violations.push(...(await seriousViolations(page, 'invite page')));

  // The landing's layout shifts, from the first paint.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Reflect.set(window, '__shifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push(Number(Reflect.get(entry, 'value')));
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The rooms arrive well after the form has shown.
  let releaseRooms: () => void = () => undefined;
  const roomsHeld = new Promise<void>((resolve) => (releaseRooms = resolve));
  await page.route('**/api/rooms?**', async (route) => {
    await roomsHeld;
    await route.continue();
  });

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?form_type=sign-in$/);
  releaseRooms();
  await expect(page.getByRole('heading', { name: 'Upcoming Shows' })).toBeVisible();
  const cls = await page.evaluate(() =>
    (Reflect.get(window, '__shifts') as number[]).reduce((sum, value) => sum + value, 0),
  );
  expect(cls, 'the landing’s cumulative layout shift').toBeLessThan(0.1);
  await page.unrouteAll();

  // Sign up.
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Join the show' })).toBeVisible();
  await expect(page).toHaveURL(/form_type=sign-up/);
  violations.push(...(await seriousViolations(page, 'sign-up form')));
  const email = uniqueEmail('new');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  const welcome = toast(page, 'Your account was successfully created. Welcome to Ruthless!');
  await expect(welcome).toBeVisible();
  // These tests ask for reduced motion, which cuts every animation short, but not a toast's
  // progress bar: its animation is the toast's five-second timer.
  await expect(welcome.locator('.Toastify__progress-bar')).toHaveCSS('animation-duration', '5s');

  // The start-up gate (session, token, settings: slow on a busy machine): no details yet, so the
  // form replaces the app.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
  await closeToasts(page);
  violations.push(...(await seriousViolations(page, 'details form')));
  await page.screenshot({ path: test.info().outputPath('auth-details-form.png'), fullPage: true });

  const alias = uniqueAlias('ada');
  await page.getByLabel('Chat Name').fill(alias);
  await page.getByLabel('Phone number').fill('07911 123456');
  await page.getByLabel('Day').fill('10');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill('1990');
  // The slider rests in the middle; a drag to the right on the phone's screen chooses steal.
  const slider = page.getByRole('slider', { name: 'Default ruthless choice' });
  await expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(slider).toHaveAttribute('aria-valuetext', 'steal');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(
    toast(
      page,
      'Your details have been updated. You can change them later at any time by going to your profile page.',
    ),
  ).toBeVisible();

  // The lobby, with the alias badge top right.
  await expect(page.getByRole('heading', { name: 'Your details' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Your profile: ${alias}` })).toBeVisible();

  // What the server keeps of the form.
  const token = await page.evaluate(async () => {
    const response = await fetch('/api/auth/token', { credentials: 'include' });
    return ((await response.json()) as { token: string }).token;
  });
  const settings = await page.request.get('/api/operator/user', { headers: { Authorization: token } });
  expect(await settings.json()).toMatchObject({
    alias,
    phoneNumber: '+447911123456',
    defaultChoice: 'steal',
    dobDay: 10,
    dobMonth: 12,
    dobYear: 1990,
    marketingAccepted: true,
  });

  // A ticket for the host's show, then its green room.
  await openRoom(page, room.name);
  await closeToasts(page);
  violations.push(...(await seriousViolations(page, 'lobby')));
  const row = gameRow(page, game.gameUuid);
  await row.getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(page.getByText("You've successfully bought the ticket!")).toBeVisible();
  await declineNotifications(page);
  const open = await host.control(game.gameUuid, 'open-green-room');
  expect(open.status(), await open.text()).toBe(200);
  await row.getByRole('link', { name: 'Return To Game' }).click();
  await expect(page).toHaveURL(new RegExp(`/game/${game.gameUuid}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Green Room');
  await dismissSoundModal(page);
  await closeToasts(page);
  violations.push(...(await seriousViolations(page, 'green room')));
  await page.screenshot({ path: test.info().outputPath('auth-first-green-room.png') });

  // The friend's profile counts them.
  expect((await friendInvite()).friendsJoined).toBe(1);
  await friendContext.close();

  expect(violations).toEqual([]);
  await host.cancelGame(game.gameUuid).catch(() => undefined);
  await host.dispose();
});
