import { createPlayer, expect, test } from './support/auth';

// The web app shell (issue 2 item 9): what a visitor sees on the landing page, that client routes
// load from a deep link, the crash screen, the bottom bar and the landscape message.

test.describe('landing page', () => {
  test('shows the logo, the test-show notice, the marketing and the footer logos', async ({ page }) => {
    await page.goto('/login');

    await expect(page).toHaveTitle('Ruthless');
    await expect(page.getByRole('img', { name: 'Ruthless' })).toBeVisible();
    await expect(page.getByText(/share/i).first()).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Test shows' })).toContainText(
      'Every show is a free test',
    );
    await expect(page.getByRole('complementary', { name: 'Test shows' })).toContainText('no real prizes');
    await expect(page.getByRole('heading', { name: 'What is Ruthless?' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who is behind Ruthless?' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2026 Ruthless');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expect(footer).toContainText('Powered by');
    for (const alt of ['18+ only', 'Play responsibly', 'Free play, no real prizes']) {
      const logo = page.getByAltText(alt);
      await logo.scrollIntoViewIfNeeded();
      await expect(logo).toBeVisible();
      // The image itself loaded, not just its alt text.
      await expect
        .poll(() => logo.evaluate((img) => Number(Reflect.get(img, 'naturalWidth'))))
        .toBeGreaterThan(0);
    }
    // No bottom bar for visitors.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('shows the privacy policy in place of the form area', async ({ page }) => {
    await page.goto('/login?privacy-policy=1');
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Take your seat' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login(\?form_type=sign-in)?$/);
    await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/privacy-policy=1/);
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  });

  test('robots.txt lets the landing page in and keeps the rest out', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.ok()).toBe(true);
    const body = await response.text();
    expect(body).toContain('Allow: /login');
    for (const path of ['/api/', '/game/', '/purchase/', '/profile', '/forgot-password', '/dev/']) {
      expect(body).toContain(`Disallow: ${path}`);
    }
  });
});

test('a deep link to a client route loads the app (and sends a visitor to sign in)', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  await createPlayer(page, { signedIn: true });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await expect(page.getByText('Default Ruthless Choice')).toBeVisible();
});

test('an unknown address shows the not-found screen', async ({ page }) => {
  await page.goto('/no/such/show');
  await expect(page.getByRole('heading', { name: "That number's not on the board" })).toBeVisible();
  await page.getByRole('link', { name: 'Games Lobby' }).click();
  // A visitor is asked to sign in first.
  await expect(page).toHaveURL(/\/login/);
});

test('the bottom bar opens the menu, and preview mode hides it', async ({ page }) => {
  await createPlayer(page, { signedIn: true });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar).toBeVisible();

  await bar.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  for (const item of ['Games Lobby', 'Profile', 'Toggle Sound', 'Logout']) {
    await expect(menu.getByText(item)).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();

  // The logo goes back to the lobby.
  await bar.getByRole('link', { name: 'Games Lobby' }).click();
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible();

  await page.goto('/game/00000000-0000-4000-8000-000000000000?preview=1');
  await expect(page.getByRole('button', { name: 'Start preview' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('a game chunk that fails to load shows the crash screen, and Refresh recovers', async ({ page }) => {
  // The lazy game route is built as assets/game-[hash].js (and its CSS as assets/game-[hash].css).
  const gameChunk = /\/assets\/game-[^/]+\.(js|css)$/;
  await page.route(gameChunk, (route) => route.abort('failed'));

  // Preview mode needs no sign-in, so the route's chunk is the first thing the page loads.
  await page.goto('/game/00000000-0000-4000-8000-000000000000?preview=1');
  await expect(page.getByRole('heading', { name: 'Ooops! Something went wrong.' })).toBeVisible();
  await expect(
    page.getByText('Please refresh. If this problem persist please contact administrator.', { exact: true }),
  ).toBeVisible();
  const trace = page.getByLabel('Error trace');
  await expect(trace).toBeVisible();
  await expect(trace).not.toBeEmpty();
  await expect(trace).toHaveCSS('overflow-y', 'auto');
  await expect(trace).toHaveCSS('font-family', /mono/i);

  await page.unroute(gameChunk);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Start preview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ooops! Something went wrong.' })).toHaveCount(0);
});

test('a phone held sideways shows "Rotate your device" instead of the app', async ({ page }) => {
  await page.setViewportSize({ width: 844, height: 390 });
  await page.goto('/login');
  await expect(page.getByText('Rotate your device')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What is Ruthless?' })).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Rotate your device')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'What is Ruthless?' })).toBeVisible();
});
