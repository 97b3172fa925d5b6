import { expect, signInWithForm, test, toast, uniqueEmail } from './support/auth';

// Issue 31 item 10: the landing does what docs/player-app.md (Screens, /login) says.

test('?privacy-policy=1 puts the policy in the form area and keeps the upcoming shows', async ({ page }) => {
  await page.goto('/login?privacy-policy=1');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming Shows' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toHaveCount(0);
});

test('a plain /login writes its form_type into the address', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?form_type=sign-in$/);
});

test('an email sign-in of an account without the operator claim signs it out, unregistered', async ({
  page,
}) => {
  const email = uniqueEmail('unregistered');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'secret-123', name: 'Never Registered' },
  });
  expect(signUp.status()).toBe(200);
  await page.context().clearCookies();

  await page.goto('/login');
  await signInWithForm(page, email, 'secret-123');
  await expect(toast(page, "You don't have permission to access this resource.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  // Signed out, and still without the claim: the sign-in registered nothing.
  await expect.poll(async () => (await page.request.get('/api/auth/token')).status()).toBe(401);
  const again = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'secret-123' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(200);
  const token = (await (await page.request.get('/api/auth/token')).json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.token.split('.')[1]!, 'base64url').toString()) as {
    operator?: string;
  };
  expect(claims.operator).toBeUndefined();
});
