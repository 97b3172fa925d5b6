import {
  closeToasts,
  expect,
  expectFormErrors,
  PASSWORD,
  test,
  toast,
  uniqueAlias,
  uniqueEmail,
} from './support/auth';

// Sign-up (issue 4): every message of docs/player-app.md (Validation) as one bulleted toast, then a complete sign-up
// through the mandatory details form to the lobby.

test('sign-up shows each of its messages, together in one bulleted toast', async ({ page }) => {
  await page.goto('/login?form_type=sign-up');
  await expect(page.getByRole('heading', { name: 'Join the show' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Sign up' });

  await submit.click();
  await expectFormErrors(page, [
    'Email cannot be empty',
    'Password is required',
    'Please confirm your password',
  ]);
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password').fill('12345');
  await submit.click();
  await expectFormErrors(page, [
    'Please enter a valid email address',
    'Password must be at least 6 characters',
  ]);
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);

  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('secret-1');
  await page.getByLabel('Confirm password').fill('secret-2');
  await submit.click();
  await expectFormErrors(page, ['The passwords do not match']);

  // Every broken rule at once: too short and not matching (in one fresh toast).
  await closeToasts(page);
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abd');
  await submit.click();
  await expectFormErrors(page, ['Password must be at least 6 characters', 'The passwords do not match']);
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');

  // The sign-in and forgot-password forms check the email the same way.
  await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
  await expect(page).toHaveURL(/form_type=sign-in/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectFormErrors(page, ['Email cannot be empty', 'Password is required']);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/form_type=forgot-password/);
  await page.getByLabel('Email').fill('nope@');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectFormErrors(page, ['Please enter a valid email address']);
});

test('an email already in use is refused with the catalogue message', async ({ page }) => {
  const email = uniqueEmail('taken');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: '' },
  });
  expect(response.status()).toBe(200);
  await page.request.post('/api/auth/sign-out', { data: {} });

  await page.goto('/login?form_type=sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(toast(page, 'An account with this email already exists.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Join the show' })).toBeVisible();
});

test('a complete sign-up goes through the mandatory details form to the lobby', async ({ page }) => {
  const email = uniqueEmail('new');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/form_type=sign-up/);

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(toast(page, 'Your account was successfully created. Welcome to Ruthless!')).toBeVisible();

  // The start-up gate: no details yet, so the form replaces the app.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.screenshot({ path: test.info().outputPath('auth-details-form.png'), fullPage: true });
  await closeToasts(page);

  const save = page.getByRole('button', { name: 'Save details' });
  await save.click();
  await expectFormErrors(page, [
    'Chat name cannot be empty',
    'You need to provide valid phone number',
    'Day is required',
    'Month is required',
    'Year is required',
    'Please choose your default ruthless choice',
  ]);

  await page.getByLabel('Chat Name').fill('ab');
  await page.getByLabel('Phone number').fill('123');
  await page.getByLabel('Day').fill('32');
  await page.getByLabel('Month').fill('13');
  await page.getByLabel('Year').fill('1800');
  await save.click();
  await expectFormErrors(page, [
    'Minimum allowed characters is 3.',
    'You need to provide valid phone number',
    'Day cannot be more than 31',
    'Month cannot be more than 12',
    'Year must be at least 1900',
    'Please choose your default ruthless choice',
  ]);

  await page.getByLabel('Chat Name').fill('elevenchars');
  await page.getByLabel('Day').fill('0');
  await page.getByLabel('Month').fill('x');
  await page.getByLabel('Year').fill('2101');
  await save.click();
  await expectFormErrors(page, [
    'Maximum allowed characters is 10.',
    'You need to provide valid phone number',
    'Day must be at least 1',
    'Please enter a valid month number',
    'Year cannot be more than 2100',
    'Please choose your default ruthless choice',
  ]);

  // The slider rests in the middle; a drag to the right chooses steal, to the left share.
  const slider = page.getByRole('slider', { name: 'Default ruthless choice' });
  await expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(slider).toHaveAttribute('aria-valuetext', 'steal');

  // The phone field's example is one the form accepts.
  const phone = page.getByLabel('Phone number');
  const example = await phone.getAttribute('placeholder');
  expect(example).toBeTruthy();
  await phone.fill(example!);
  await save.click();
  await expectFormErrors(page, [
    'Maximum allowed characters is 10.',
    'Day must be at least 1',
    'Please enter a valid month number',
    'Year cannot be more than 2100',
  ]);

  const alias = uniqueAlias('ada');
  await page.getByLabel('Chat Name').fill(alias);
  await page.getByLabel('Phone number').fill('07911 123456');
  await page.getByLabel('Day').fill('10');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill('1990');
  await page.getByRole('checkbox').check();
  await closeToasts(page);
  await save.click();
  await expect(
    toast(
      page,
      'Your details have been updated. You can change them later at any time by going to your profile page.',
    ),
  ).toBeVisible();

  // The lobby, with the alias badge top right opening the profile.
  await expect(page.getByRole('heading', { name: 'Your details' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const badge = page.getByRole('link', { name: `Your profile: ${alias}` });
  await expect(badge).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('auth-lobby-badge.png') });

  // What the server keeps.
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

  await badge.click();
  await expect(page).toHaveURL(/\/profile$/);
});
