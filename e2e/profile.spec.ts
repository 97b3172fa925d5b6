import type { Page } from './support/fixtures';
import {
  closeToasts,
  createPlayer,
  expect,
  expectFormErrors,
  test,
  toast,
  uniqueAlias,
} from './support/auth';
import { dataLayer } from './support/lobby-page';
import { dragWithFinger, dragWithMouse } from './support/slider';

// Issue 13: the profile, its Edit Details modal, Logout and Go Back, and the share/steal slider in
// the details form and the modal (the final's is in shell.spec.ts, with a whole show).

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Edit Details' });
const slider = (page: Page) => page.getByRole('slider', { name: 'Default ruthless choice' });

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
}

test('the profile shows the saved details, phone in national format', async ({ page }) => {
  const player = await createPlayer(page, { signedIn: true });
  await openProfile(page);
  await expect(page.getByTestId('profile-alias')).toHaveText(player.alias);
  await expect(page.getByTestId('profile-phone')).toHaveText('07911 123456');
  const choice = page.getByTestId('profile-choice');
  await expect(choice).toHaveText('Share');
  await page.screenshot({ path: 'test-results/screens/profile.png', fullPage: true });
});

test('Edit Details closes by its close icon and by Escape, and keeps the focus inside', async ({ page }) => {
  await createPlayer(page, { signedIn: true });
  await openProfile(page);
  const edit = page.getByRole('button', { name: 'Edit Details' });

  await edit.click();
  await expect(dialog(page)).toBeVisible();
  await expect(page.getByLabel('Display name')).toBeFocused();
  // Tab and Shift+Tab go round the modal's controls, never out to the page behind.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  }
  await page.screenshot({ path: 'test-results/screens/profile-modal.png' });
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  // The focus goes back to the button that opened it.
  await expect(edit).toBeFocused();

  await edit.click();
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
});

test('Edit Details: every validation message, then the save, the success toast and the refetch', async ({
  page,
}) => {
  await createPlayer(page, { signedIn: true });
  // The profile's own fetch answers with no default choice, as for a player who never chose one:
  // the slider rests in the middle.
  let profileFetches = 0;
  await page.route('**/api/operator/user', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    profileFetches += 1;
    // The first fetch is the start-up gate's; the second the profile's.
    if (profileFetches === 2) body.defaultChoice = null;
    await route.fulfill({ response, json: body });
  });
  await openProfile(page);
  await expect(page.getByTestId('profile-choice')).toHaveText(/^Share\s*or\s*Steal$/);
  await page.getByRole('button', { name: 'Edit Details' }).click();
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'Not chosen');
  const save = dialog(page).getByRole('button', { name: 'Save' });

  await page.getByLabel('Display name').fill('   ');
  await page.getByLabel('Phone number').fill('');
  await save.click();
  await expectFormErrors(page, [
    'Display name cannot be empty',
    'You need to provide valid phone number',
    'Please choose your default ruthless choice',
  ]);
  await page.screenshot({ path: 'test-results/screens/profile-errors.png' });

  await page.getByLabel('Display name').fill('elevenchars');
  await page.getByLabel('Phone number').fill('12');
  await save.click();
  await expectFormErrors(page, [
    'Maximum allowed characters is 10.',
    'You need to provide valid phone number',
    'Please choose your default ruthless choice',
  ]);

  // The slider: keyboard, then mouse, then finger.
  await slider(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'steal');
  await page.keyboard.press('ArrowLeft');
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'share');
  await dragWithMouse(page, slider(page), 70);
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'steal');
  await dragWithFinger(page, slider(page), -70);
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'share');
  // A small nudge is not a choice: it springs back.
  await dragWithMouse(page, slider(page), 8);
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'share');
  await dragWithMouse(page, slider(page), 70);
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'steal');

  const alias = uniqueAlias('ed');
  await page.getByLabel('Display name').fill(alias);
  await page.getByLabel('Phone number').fill('+44 7400 123456');
  await closeToasts(page);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/operator/user') && r.method() === 'PATCH'),
    save.click(),
  ]);
  expect(request.postDataJSON()).toEqual({ alias, phoneNumber: '+447400123456', ruthlessChoice: 'steal' });
  await expect(toast(page, 'Your details have been updated.')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  // Refetched: the saved values, not the edited form's.
  await expect(page.getByTestId('profile-alias')).toHaveText(alias);
  await expect(page.getByTestId('profile-phone')).toHaveText('07400 123456');
  await expect(page.getByTestId('profile-choice')).toHaveText('Steal');
  // The alias badge (the start-up gate's copy) follows.
  await page.goto('/');
  await expect(page.getByText(alias)).toBeVisible();
});

test("a refused save toasts the server's message and keeps the modal open", async ({ page, browser }) => {
  const other = await browser.newContext();
  const taken = await createPlayer(await other.newPage());
  await other.close();
  await createPlayer(page, { signedIn: true });
  await openProfile(page);
  await page.getByRole('button', { name: 'Edit Details' }).click();
  await page.getByLabel('Display name').fill(taken.alias);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'That chat name is already taken. Please choose another.')).toBeVisible();
  await expect(dialog(page)).toBeVisible();
});

test('Logout signs out with its toast and the logOffTime event; Go Back returns', async ({ page }) => {
  await createPlayer(page, { signedIn: true });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();

  await openProfile(page);
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?form_type=sign-in)?$/);
  const events = (await dataLayer(page)).filter((entry) => entry.event === 'logOffTime');
  expect(events).toHaveLength(1);
  expect(events[0]!.userId).toMatch(/^[0-9a-f-]{36}$/);
  expect(events[0]!.timestamp).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
  // Signed out for real: the profile now asks to sign in.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
});

test('the details form slider: rests in the middle, mouse, finger and keys', async ({ page }) => {
  await createPlayer(page, { signedIn: true, details: false });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'Not chosen');
  await dragWithFinger(page, slider(page), -70);
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'share');
  await dragWithMouse(page, slider(page), 70);
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'steal');
  await slider(page).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'share');
  await page.keyboard.press('End');
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'steal');
});
