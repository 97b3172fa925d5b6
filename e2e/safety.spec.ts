import { readFile } from 'node:fs/promises';
import { closeToasts, createPlayer, expect, test, toast } from './support/auth';
import { seriousViolations } from './support/axe';
import { signInHost, type Host } from './support/lobby-host';
import { gameRow, openRoom } from './support/lobby-page';
import { signUpPlayer } from './support/lobby-players';
import { newestMailText } from './support/mail';

// Issue 29, kept as one journey by issue 39 ("take a break and your data"): a player takes a
// 7-day break from the profile and the lobby's claim is refused; a reality check comes and leads
// back to the break; they download their data and delete their account with their password (the
// break stays in force, and the dialog and the answer say so). Beside them, another player's reminder mail (sent by
// the server's sweep over real SMTP meanwhile) unsubscribes from its link, signed out.
//
// Each screen's states and messages are component tests (apps/web/src/app/routes/profile.test.tsx,
// unsubscribe.test.tsx, features/safety/components/*.test.tsx); the rules are the server's
// (apps/server/test/safety/: take-a-break, delete-account, my-data, reminders, marketing-consent,
// reality-checks).

let host: Host;

test.beforeAll(async () => {
  host = await signInHost();
});

test.afterAll(async () => {
  await host?.dispose();
});

test('take a break and your data: a 7-day break stops claims; the data downloaded; the account deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const room = await host.createRoom({ theme: 'GREEN' });
  // Within the reminder sweep's 10 minutes, and claimable from the lobby.
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 6 * 60_000,
    prizeLuckyFateSelections: 'in-game',
  });

  // Another player asks for a reminder first: the server's sweep (every 15 s) mails it meanwhile.
  const elsewhere = await browser.newContext();
  const reader = await signUpPlayer(elsewhere.request);
  const asked = await elsewhere.request.post('/api/safety/reminders', {
    headers: { authorization: reader.token, 'x-forwarded-for': reader.address },
    data: { gameUuid: game.gameUuid },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await elsewhere.close();

  // The page's clock stands in for a session's minutes (the reality check).
  await page.clock.install();
  const player = await createPlayer(page, { signedIn: true });

  // The break, from the profile.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Take a break' });
  await expect(section.getByText(/Need some time away\?/)).toBeVisible({ timeout: 30_000 });
  await section.getByRole('radio', { name: '7 days' }).check();
  await section.getByRole('button', { name: 'Start my break' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('For 7 days, until');
  await confirm.getByRole('button', { name: 'Yes, start it now' }).click();
  await expect(toast(page, 'Your break has started. We have sent you an email to confirm it.')).toBeVisible();
  const status = section.getByTestId('break-status');
  await expect(status).toContainText(/You are taking a break until \d+ \w+ \d{4} at \d\d:\d\d\./);
  await closeToasts(page);
  const mail = await newestMailText(player.email, 'Your break from Ruthless has started');
  expect(mail).toContain('It lasts 7 days, until');

  // A reality check every 15 minutes.
  const checks = page.getByRole('region', { name: 'Reality checks' });
  await checks.getByRole('radio', { name: '15 minutes' }).click();
  await expect(toast(page, 'Saved: a reality check every 15 minutes.')).toBeVisible();
  await closeToasts(page);

  // The lobby says the break and its end up front, and offers no claim (the server's refusal of
  // a claim on a break: server safety/take-a-break.test.ts).
  await openRoom(page, room.name);
  await expect(page.getByTestId('break-notice')).toContainText(
    /You are taking a break until .*You cannot claim tickets or join shows until then\./,
  );
  const row = gameRow(page, game.gameUuid);
  await expect(row.getByRole('button', { name: 'On a break' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Claim Ticket' })).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'Return To Game' })).toHaveCount(0);

  // Minutes pass on the page's clock: the reality check, from the server's session, leads back
  // to the profile's 'Take a break'.
  const check = page.getByRole('alertdialog', { name: 'Reality check' });
  await expect(async () => {
    await page.clock.fastForward('05:00');
    await expect(check).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(check).toContainText(
    /You have been playing for \d+ minutes?, since you signed in at \d\d:\d\d\./,
  );
  await check.getByRole('button', { name: 'Take a break' }).click();
  await expect(page).toHaveURL(/\/profile#take-a-break$/);
  await expect(section.getByRole('heading', { name: 'Take a break' })).toBeInViewport();

  // Their data: one file, a real download.
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData.getByRole('button', { name: 'Download my data' })).toBeVisible({ timeout: 30_000 });
  await expect(status).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    yourData.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('ruthless-my-data.json');
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    account: { email: string };
    profiles: { alias: string }[];
  };
  expect(file.account.email).toBe(player.email);
  expect(file.profiles[0]?.alias).toBe(player.alias);
  await expect(toast(page, 'Your data is downloaded.')).toBeVisible();
  await closeToasts(page);
  // The profile as the journey left it (the break in force), colours included.
  expect(await seriousViolations(page, 'profile')).toEqual([]);

  // Deleted with the password (a wrong one first).
  await yourData.getByRole('button', { name: 'Delete my account' }).click();
  const deletion = page.getByRole('dialog', { name: 'Delete account?' });
  // The break outlives the account: the dialog says so and why.
  await expect(deletion).toContainText(
    /Your break stays in force until \d+ \w+ \d{4} at \d\d:\d\d: until then we keep your email address/,
  );
  await deletion.getByLabel('Password').fill('not-my-password');
  await deletion.getByRole('checkbox', { name: 'I understand that my account is deleted for good.' }).check();
  expect(await seriousViolations(page, 'delete account')).toEqual([]);
  await deletion.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(toast(page, 'Incorrect password. Please try again.')).toBeVisible();
  await closeToasts(page);
  await deletion.getByLabel('Password').fill(player.password);
  await deletion.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(
    toast(
      page,
      /Your account has been deleted\. Your break stays in force until .* cannot claim tickets or join shows either\./,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // The account is gone: signing in again says so.
  const again = await page.request.post('/api/auth/sign-in/email', {
    data: { email: player.email, password: player.password },
  });
  expect(again.status()).toBe(401);
  expect(((await again.json()) as { message: string }).message).toBe('No account found with this email.');

  // The other player's reminder came at once (the show was 6 minutes away), saying the time
  // really left and the start in UTC; its link needs no sign-in.
  const reminder = await newestMailText(reader.email, 'starts in', 40_000);
  expect(reminder).toMatch(
    new RegExp(
      `Your Ruthless show in ${room.name} starts in [3-6] minutes, on \\w+ \\d+ \\w+ at \\d\\d:\\d\\d UTC\\.`,
    ),
  );
  // The page's link, not the one-click POST address of the List-Unsubscribe header (/api/safety/…).
  const link = new URL(/https?:\/\/[^\s/<>]+\/unsubscribe\?token=[\w.%-]+/.exec(reminder)![0]);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Stop the emails that remind you of shows?')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribed')).toHaveText('You will get no more show reminders by email.');
  expect(await seriousViolations(page, 'unsubscribed')).toEqual([]);
});
