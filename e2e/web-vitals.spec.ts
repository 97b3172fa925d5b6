import { expect, test, type APIRequestContext } from './support/fixtures';

// Field web vitals (issue 15): the reporter loads after the first screen, off its critical path,
// and still sends what was measured before it loaded (its observers are buffered). That it brings
// no zod with it is checked on the build (apps/web/vite/route-budgets.test.ts).

// An address of its own (the server trusts the proxy's header here): reports are rate-limited per
// address, and every other test's pages report from 127.0.0.1 as they close (over 20 a minute in a
// full run). Chromium sends the header on a live page's beacon only, not on one sent while the page
// unloads: so the test hides the page, as a player switching to another app does, and stays on it.
test.use({
  extraHTTPHeaders: {
    'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  },
});

/** The LCP samples /metrics has counted for a page so far. */
async function lcpCount(request: APIRequestContext, page: string) {
  const text = await (await request.get('/metrics')).text();
  const line = text.split('\n').find((row) => row.startsWith(`web_vitals_lcp_seconds_count{page="${page}"}`));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

test('a page reports its LCP when it is hidden, and the server counts it', async ({ page, request }) => {
  const before = await lcpCount(request, 'login');
  expect(before).toBeGreaterThanOrEqual(0);

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The reporter's chunk is asked for a few seconds after load; this mark says it is listening
  // (its request alone does not: its imports and its evaluation come after).
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    'web-vitals:reporting',
    { timeout: 20_000 },
  );

  // A tap ends the LCP measurement; hiding the page sends the report (a beacon) with its label.
  await page.mouse.click(5, 5);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  // Other tests' pages may report at the same time: at least this one was counted.
  await expect.poll(() => lcpCount(request, 'login')).toBeGreaterThan(before);
});
