import { expect, test } from './support/fixtures';

// Layout stability (issue 15): the landing's form must not jump when the upcoming shows arrive.
test('the landing page does not shift when the upcoming shows load', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Reflect.set(window, '__shifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push(Number(Reflect.get(entry, 'value')));
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The rooms arrive well after the form has shown.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/rooms?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Upcoming Shows' })).toBeVisible();
  const cls = await page.evaluate(() =>
    (Reflect.get(window, '__shifts') as number[]).reduce((sum, value) => sum + value, 0),
  );
  expect(cls).toBeLessThan(0.1);
});
