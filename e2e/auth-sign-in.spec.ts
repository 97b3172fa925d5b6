import { createPlayer, expect, signInWithForm, test, toast, uniqueEmail } from './support/auth';

// Sign-in, the landing around it, sign-out and the token refresher (issue 4).

test('the landing: upcoming shows, the form modes in the address, Google not configured', async ({
  page,
}) => {
  const visit = page.waitForRequest((request) => request.url().endsWith('/api/landing/visit'));
  await page.goto('/login?utm_source=test&utm_medium=e2e&utm_campaign=auth');
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  // The campaign parameters go to the server's log.
  expect((await visit).postDataJSON()).toEqual({
    utm_source: 'test',
    utm_medium: 'e2e',
    utm_campaign: 'auth',
  });

  // The demo rooms, starting on the middle one.
  const shows = page.getByRole('region', { name: 'Upcoming Shows' });
  await expect(shows).toBeVisible();
  const slides = shows.locator('[aria-roledescription="slide"]');
  const count = await slides.count();
  expect(count).toBeGreaterThan(0);
  await expect(slides.nth(Math.floor(count / 2))).toHaveAttribute('aria-current', 'true');
  await expect(slides.nth(Math.floor(count / 2))).toContainText(/Next show|No Scheduled Games/);

  // Unknown form_type is sign-in; switching modes writes form_type back, replacing the entry.
  await page.goto('/login?form_type=bogus');
  await expect(page).toHaveURL(/form_type=sign-in/);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await expect(page).toHaveURL(/form_type=forgot-password/);
  await page.screenshot({ path: test.info().outputPath('auth-forgot.png') });
  await page.goto('/login?form_type=sign-up');
  await expect(page.getByRole('heading', { name: 'Join the show' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('auth-sign-up.png') });

  // The shared e2e server has no Google settings: no Google button to lead nowhere.
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
});

test('a wrong password and an unknown email get their catalogue messages', async ({ page }) => {
  const player = await createPlayer(page);
  await page.goto('/login');
  await signInWithForm(page, player.email, 'wrong-password');
  await expect(toast(page, 'Incorrect password. Please try again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();

  await signInWithForm(page, uniqueEmail('nobody'), 'whatever-1');
  await expect(toast(page, 'No account found with this email.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('signs in to the lobby, comes back signed in, and logs out from the menu', async ({ page }) => {
  const player = await createPlayer(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login(\?form_type=sign-in)?$/);

  await signInWithForm(page, player.email, player.password);
  await expect(
    toast(page, 'Logged in successfully. You can claim a ticket for any game. See you there!'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: `Your profile: ${player.alias}` })).toBeVisible();

  // A signed-in player with the operator claim who opens /login goes to the lobby.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: `Your profile: ${player.alias}` })).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?form_type=sign-in)?$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login(\?form_type=sign-in)?$/);
});

test('a signed-in account without the operator claim is signed out on /login', async ({ page }) => {
  const email = uniqueEmail('no-operator');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'secret-123', name: '' },
  });
  expect(response.status()).toBe(200);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  await expect.poll(async () => (await page.request.get('/api/auth/token')).status()).toBe(401);
});

test('a token that fails to refresh signs the player out', async ({ page }) => {
  await createPlayer(page, { signedIn: true });
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.route('**/api/auth/token', (route) => route.abort());
  await page.clock.fastForward('14:30');
  await page.clock.fastForward('00:40');
  await expect(toast(page, 'Unable to get access token from token refresher. Logging out.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
