import { readFile } from 'node:fs/promises';
import { closeToasts, createPlayer, expect, test, toast } from './support/auth';
import { hostDesk } from './support/host-desk';
import { signInHost, type Host } from './support/lobby-host';
import { gameRow, openRoom } from './support/lobby-page';
import { newestMailText } from './support/mail';

// Issue 29: take a break from the profile. The player picks a period, confirms, sees the break
// with its end, gets the confirmation mail, and the lobby's claim is refused in words; the host
// console shows how many players are away, never who.

let host: Host;

test.beforeAll(async () => {
  host = await signInHost();
});

test.afterAll(async () => {
  await host?.dispose();
});

test('a player takes a 7-day break from the profile and can no longer claim a ticket', async ({
  page,
  browser,
}) => {
  // The whole journey: the profile, the lobby and the host console.
  test.setTimeout(120_000);
  const room = await host.createRoom({ theme: 'GREEN' });
  const game = await host.createGame(room.roomUuid, { prizeLuckyFateSelections: 'in-game' });
  const player = await createPlayer(page, { signedIn: true });

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Take a break' });
  await expect(section.getByText(/Need some time away\?/)).toBeVisible({ timeout: 30_000 });
  const start = section.getByRole('button', { name: 'Start my break' });
  await expect(start).toBeDisabled();
  await section.getByRole('radio', { name: '7 days' }).check();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/take-a-break.png' });
  await start.click();

  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText('For 7 days, until');
  await expect(dialog).toContainText('It cannot be shortened or ended early.');
  await page.screenshot({ path: 'test-results/screens/take-a-break-confirm.png' });
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByTestId('break-status')).toHaveCount(0);

  await start.click();
  await dialog.getByRole('button', { name: 'Yes, start it now' }).click();
  await expect(toast(page, 'Your break has started. We have sent you an email to confirm it.')).toBeVisible();
  const status = section.getByTestId('break-status');
  await expect(status).toContainText(/You are taking a break until \d+ \w+ \d{4} at \d\d:\d\d\./);
  await expect(status).toContainText('It cannot be shortened or ended early.');
  await closeToasts(page);
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/take-a-break-taken.png' });

  const mail = await newestMailText(player.email, 'Your break from Ruthless has started');
  expect(mail).toContain('It lasts 7 days, until');

  // A shorter one is refused in the server's words.
  await section.getByRole('radio', { name: '24 hours' }).check();
  await section.getByRole('button', { name: 'Make my break longer' }).click();
  await dialog.getByRole('button', { name: 'Yes, start it now' }).click();
  await expect(toast(page, /A break cannot be shortened or ended early\./)).toBeVisible();
  await closeToasts(page);

  // The lobby's claim is refused, with the break's end.
  await openRoom(page, room.name);
  await gameRow(page, game.gameUuid).getByRole('button', { name: 'Claim Ticket' }).click();
  await expect(
    toast(page, /You are taking a break until .*You cannot claim tickets or join shows until then\./),
  ).toBeVisible();
  await expect(gameRow(page, game.gameUuid).getByRole('link', { name: 'Return To Game' })).toHaveCount(0);

  // The host console counts players away and names none.
  const desk = await hostDesk(browser);
  await desk.goto('/host');
  const away = desk.getByTestId('players-away');
  await expect(away).toHaveText(/^[1-9]\d* on a break · \d+ self-excluded$/, { timeout: 30_000 });
  await expect(away).not.toContainText(player.alias);
  await desk.context().close();
});

test('a player downloads their data, then deletes their account with their password', async ({ page }) => {
  const player = await createPlayer(page, { signedIn: true });
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('button', { name: 'Download my data' })).toBeVisible({ timeout: 30_000 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
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

  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account?' });
  await expect(dialog).toContainText('This cannot be undone.');
  const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('checkbox', { name: 'I understand that my account is deleted for good.' }).check();
  await page.screenshot({ path: 'test-results/screens/delete-account.png' });
  await confirm.click();
  await expect(toast(page, 'Incorrect password. Please try again.')).toBeVisible();
  await closeToasts(page);

  await dialog.getByLabel('Password').fill(player.password);
  await confirm.click();
  await expect(toast(page, 'Your account has been deleted. Thank you for playing Ruthless.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The account is gone: signing in again says so.
  const again = await page.request.post('/api/auth/sign-in/email', {
    data: { email: player.email, password: player.password },
  });
  expect(again.status()).toBe(401);
  expect(((await again.json()) as { message: string }).message).toBe('No account found with this email.');
});

test('a player gives marketing consent in the profile and the host exports only those who gave it', async ({
  page,
  browser,
}) => {
  const player = await createPlayer(page, { signedIn: true });
  const withdrawn = await createPlayer(await (await browser.newContext()).newPage(), { signedIn: true });
  await page.goto('/profile');
  const consent = page.getByTestId('marketing-consent');
  await expect(consent).toContainText('You get no marketing emails or text messages.', { timeout: 30_000 });
  await consent.getByRole('button', { name: 'Send me news of upcoming shows' }).click();
  await expect(toast(page, 'Thank you: we will tell you about upcoming shows.')).toBeVisible();
  await expect(consent).toContainText(
    /You get emails and text messages about upcoming shows\. Chosen on \d+ \w+ \d{4}/,
  );
  await closeToasts(page);
  await consent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/your-data.png' });

  const desk = await hostDesk(browser);
  await desk.goto('/host');
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    desk.getByRole('button', { name: 'Marketing list (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('ruthless-marketing-consent.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('email,first_name,last_name,chat_name,consented_at,wording');
  expect(csv).toContain(`${player.email},Test,Player,${player.alias},`);
  expect(csv).not.toContain(withdrawn.email);
  await desk.context().close();
});
