import { closeToasts, createPlayer, expect, test, toast } from './support/auth';
import { signInHost, type Host } from './support/lobby-host';
import { gameRow, openRoom } from './support/lobby-page';
import { newestMailText } from './support/mail';

// Issue 29, items 2 and 3: a reality check during a session (Playwright's clock stands in for
// the minutes), and an email reminder asked for from the lobby, mailed 10 minutes before the
// show, whose link unsubscribes in one tap.

let host: Host;

test.beforeAll(async () => {
  host = await signInHost();
});

test.afterAll(async () => {
  await host?.dispose();
});

test('a reality check shows the session from the server and leads to Take a break', async ({ page }) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await createPlayer(page, { signedIn: true });

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Reality checks' });
  await expect(section.getByText(/we stop now and then/)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('radio', { name: '1 hour' })).toBeChecked();
  // The new interval sets the app's timer from the server's figures.
  const planned = page.waitForResponse((response) => response.url().endsWith('/api/safety/reality-check'));
  await section.getByRole('radio', { name: '15 minutes' }).click();
  await expect(toast(page, 'Saved: a reality check every 15 minutes.')).toBeVisible();
  await expect(section.getByRole('radio', { name: '15 minutes' })).toBeChecked();
  await planned;
  await closeToasts(page);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('reality-check-settings.png') });

  await page.goto('/');
  const check = page.getByRole('alertdialog', { name: 'Reality check' });
  // Minutes pass on the page's clock (the app plans its check once the figures have come).
  await expect(async () => {
    await page.clock.fastForward('05:00');
    await expect(check).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(check).toContainText(
    /You have been playing for \d+ minutes?, since you signed in at \d\d:\d\d\./,
  );
  await expect(check.getByTestId('reality-check-shows')).toHaveText('0');
  await expect(check.getByTestId('reality-check-winnings')).toHaveText('£0.00');
  await page.screenshot({ path: test.info().outputPath('reality-check.png') });

  await check.getByRole('button', { name: 'Take a break' }).click();
  await expect(page).toHaveURL(/\/profile#take-a-break$/);
  await expect(
    page.getByRole('region', { name: 'Take a break' }).getByText(/Need some time away\?/),
  ).toBeInViewport();
});

test('Remind Me by email from the lobby: the mail comes 10 minutes before and its link unsubscribes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const room = await host.createRoom({ theme: 'RED' });
  const game = await host.createGame(room.roomUuid, { startsInMs: 6 * 60_000 });
  const player = await createPlayer(page, { signedIn: true });

  await openRoom(page, room.name);
  await gameRow(page, game.gameUuid).getByRole('button', { name: 'Remind Me' }).click();
  const choice = page.getByRole('dialog', { name: 'Remind me' });
  await expect(choice.getByRole('button', { name: 'Add to my calendar' })).toBeVisible();
  // The dialog has popped in (its animation over) before it is pictured.
  await choice.evaluate((dialog) =>
    Promise.all(
      // The modal's box and its backdrop (the dialog's parent) pop in with animations.
      (dialog.parentElement ?? dialog)
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  await page.screenshot({ path: test.info().outputPath('remind-me.png') });
  await choice.getByRole('button', { name: 'Email me 10 minutes before' }).click();
  await expect(toast(page, 'We will email you 10 minutes before the show.')).toBeVisible();
  await expect(choice).toHaveCount(0);

  // The server's sweep (every 15 s) sends it: the show is within 10 minutes.
  const mail = await newestMailText(player.email, 'starts in 10 minutes', 40_000);
  expect(mail).toContain(`Your Ruthless show in ${room.name} starts in 10 minutes`);
  // The page's link, not the one-click POST address of the List-Unsubscribe header (/api/safety/…).
  const link = /https?:\/\/[^\s/<>]+\/unsubscribe\?token=[\w.%-]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText('Stop the emails that remind you of shows?')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribed')).toHaveText('You will get no more show reminders by email.');
  await page.screenshot({ path: test.info().outputPath('unsubscribed.png') });
});
