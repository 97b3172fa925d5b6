import { expect, test, type APIRequestContext } from '@playwright/test';

// Field web vitals (issue 15): the reporter loads after the first screen, off its critical path,
// and still sends what was measured before it loaded (its observers are buffered). That it brings
// no zod with it is checked on the build (apps/web/vite/route-budgets.test.ts).

// An address of its own (the server trusts the proxy's header here): reports are rate-limited per
// address, and other tests' pages report from 127.0.0.1 too.
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

test('a page reports its LCP when it is left, and the server counts it', async ({ page, request }) => {
  const before = await lcpCount(request, 'login');
  expect(before).toBeGreaterThanOrEqual(0);

  const reporter = page.waitForRequest(/\/assets\/web-vitals-[^/]+\.js$/, { timeout: 20_000 });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await reporter;

  // A tap ends the LCP measurement; leaving the page sends the report (a beacon) with its label.
  await page.mouse.click(5, 5);
  await page.goto('about:blank');

  // Other tests' pages may report at the same time: at least this one was counted.
  await expect.poll(() => lcpCount(request, 'login')).toBeGreaterThan(before);
});
