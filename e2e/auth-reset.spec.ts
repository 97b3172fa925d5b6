import type { Page } from './support/fixtures';
import { closeToasts, createPlayer, expect, signInWithForm, test, toast } from './support/auth';
import { newestResetPath } from './support/mail';
import { pickPort, startServer, type TestServer } from './support/server';
import { resetLinkIn, startSmtpServer, type TestSmtpServer } from '../test/support/smtp-server';

// Password reset: the mail over SMTP from the shared server (scripts/e2e-server.mjs) and from a
// server process of its own; invalid, reused and missing codes.

async function requestReset(page: Page, email: string) {
  await page.goto('/login?form_type=forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    toast(page, 'A password reset link has been sent to your registered email address.'),
  ).toBeVisible();
  // Back to sign-in.
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  await expect(page).toHaveURL(/form_type=sign-in/);
}

async function setNewPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('list', { name: 'Form errors' }).getByRole('listitem')).toHaveText([
    'Password is required',
    'Please confirm your password',
  ]);
  await page.getByLabel('New password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password').fill('12345');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('list', { name: 'Form errors' }).getByRole('listitem')).toHaveText([
    'Password must be at least 6 characters',
  ]);
  await page.getByLabel('Confirm password').fill('12346');
  await closeToasts(page);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('list', { name: 'Form errors' }).getByRole('listitem')).toHaveText([
    'Password must be at least 6 characters',
    'The passwords do not match',
  ]);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(`${password}x`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('list', { name: 'Form errors' }).getByRole('listitem')).toHaveText([
    'The passwords do not match',
  ]);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password successfully changed. You can log in now.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}

test('resets a password through the mail; the code works once', async ({ page }) => {
  const player = await createPlayer(page);
  await requestReset(page, player.email);

  // The link names the server's public address; the test opens the same path here.
  const resetPath = await newestResetPath(player.email);

  await page.goto(resetPath);
  await page.screenshot({ path: test.info().outputPath('auth-new-password.png') });
  await setNewPassword(page, resetPath, 'brand-new-1');

  await signInWithForm(page, player.email, 'brand-new-1');
  await expect(toast(page, /Logged in successfully/)).toBeVisible();
  await expect(page.getByRole('link', { name: `Your profile: ${player.alias}` })).toBeVisible();
  await page.context().clearCookies();

  // Used once: refused, back to /login.
  await page.goto(resetPath);
  await expect(toast(page, 'Your reset password code is invalid.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an invalid or missing reset code goes back to /login with its message', async ({ page }) => {
  await page.goto('/forgot-password?oobCode=not-a-real-code');
  await expect(toast(page, 'Your reset password code is invalid.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/forgot-password');
  await expect(toast(page, 'Missing reset password code in url parameters.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test.describe('through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  const port = pickPort();
  test.use({ baseURL: `http://127.0.0.1:${port}` });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url }, port);
  });

  test.afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  test('the reset mail arrives over SMTP and its link sets the new password', async ({ page }) => {
    const player = await createPlayer(page);
    await requestReset(page, player.email);

    const mail = await smtp.waitForMail(player.email);
    expect(mail.decoded).toContain('Reset your Ruthless password');
    const link = resetLinkIn(mail.decoded, server.url);
    expect(link.startsWith(`${server.url}/forgot-password?oobCode=`)).toBe(true);

    await setNewPassword(page, link, 'smtp-pass-1');
    await signInWithForm(page, player.email, 'smtp-pass-1');
    await expect(toast(page, /Logged in successfully/)).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/`);
  });
});
