import { test, expect, type Locator, type Page } from './support/fixtures';
import { signInHost } from './support/lobby-host';

// Issue 31 item 9: the small things a player met in an evening. What needs a real layout stays
// here (fields in sight, no scrolling at a laptop's size); the rest are component tests (issue
// 39): remind-me-button.profile.test.tsx, room-carousel.profile.test.tsx,
// landing-footer.profile.test.tsx, sound-required-modal.profile.test.tsx and, for Edit Details'
// phone, apps/web/src/app/routes/profile.test.tsx.

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

const LAPTOP = { viewport: { width: 1280, height: 720 }, isMobile: false, hasTouch: false };
const signUpFields = (page: Page) => [
  page.getByLabel('Email'),
  page.getByLabel('Password', { exact: true }),
  page.getByLabel('Confirm password'),
];

test('the sign-up form: its validation toast leaves the fields in sight on a phone; on laptops no scrolling', async ({
  page,
  browser,
}) => {
  // A phone (390x844): the player has scrolled down the form, the Email field at the top of the
  // screen, where the toast comes.
  await page.goto('/login?form_type=sign-up');
  await page.getByLabel('Email').evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.getByRole('button', { name: 'Sign up' }).click();
  const errorsToast = page
    .locator('.Toastify__toast')
    .filter({ has: page.getByRole('list', { name: 'Form errors' }) });
  await expect(errorsToast).toBeVisible();
  // Measured once the toast's entrance has played out (it closes itself after 5 s).
  await expect
    .poll(() =>
      errorsToast.evaluate((el) => el.getAnimations().filter((a) => a.playState === 'running').length),
    )
    .toBe(0);
  // Measured at once: the toast closes itself 5 s after it came.
  const toastBox = await boxOf(errorsToast);
  for (const field of signUpFields(page)) {
    await expect(field).toBeInViewport();
    const box = await boxOf(field);
    expect(overlaps(toastBox, box), `the toast covers ${await field.getAttribute('id')}`).toBe(false);
  }
  await page.screenshot({ path: test.info().outputPath('sign-up-errors.png') });

  // Laptops: the whole form is there without scrolling, beside the upcoming shows (one at least).
  const host = await signInHost();
  await host.createGame((await host.createRoom()).roomUuid);
  await host.dispose();
  const laptop = await (await browser.newContext(LAPTOP)).newPage();
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1366, height: 768 },
  ]) {
    await laptop.setViewportSize(viewport);
    await laptop.goto('/login?form_type=sign-up');
    await expect(laptop.getByRole('heading', { name: 'Join the show' })).toBeVisible();
    await expect(laptop.getByRole('region', { name: 'Upcoming Shows' })).toBeVisible();
    await laptop.screenshot({ path: test.info().outputPath(`sign-up-${viewport.width}.png`) });
    for (const field of [...signUpFields(laptop), laptop.getByRole('button', { name: 'Sign up' })]) {
      const box = await boxOf(field);
      expect(box.y + box.height, `${viewport.width}x${viewport.height}`).toBeLessThanOrEqual(viewport.height);
    }
    expect(await laptop.evaluate(() => window.scrollY)).toBe(0);
  }
  await laptop.context().close();
});
