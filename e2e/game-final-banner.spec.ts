import { test, expect } from './support/fixtures';
import { dismissSoundModal, twoFinalistsShow } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';

// Issue 31 item 7: the full-house banner shows during the final's first seconds, and the pot and
// the counter stay in sight beside it at 390x844.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('the full-house banner in the final leaves the pot and the counter in sight at 390x844', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { game, pages } = await twoFinalistsShow(browser, host, { ruthlessMs: 20_000 });
  const page = pages[0]!;
  // What the screen showed while the banner was up in the final, measured in the page every
  // frame: a busy test machine could let the banner's 4.5 s pass between two of Playwright's looks.
  await page.addInitScript(() => {
    const seen: { banner: DOMRect; pot: DOMRect; counter: DOMRect; bar: DOMRect | null }[] = [];
    (window as unknown as { __finalWithBanner: typeof seen }).__finalWithBanner = seen;
    const look = () => {
      const banner = document.querySelector(
        '[data-stage="ruthless"] [data-testid="prize-banner"] p',
      )?.parentElement;
      const pot = document.querySelector('[data-testid="final-pot"]');
      const counter = document.querySelector('[data-testid="ruthless-counter"]');
      // Once its entrance has played out.
      if (banner && pot && counter && banner.getAnimations().every((a) => a.playState !== 'running')) {
        seen.push({
          banner: banner.getBoundingClientRect(),
          pot: pot.getBoundingClientRect(),
          counter: counter.getBoundingClientRect(),
          bar: document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect() ?? null,
        });
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto(`/game/${game.gameUuid}`);
  await dismissSoundModal(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Final', { timeout: 90_000 });
  const banner = page.locator('[data-stage="ruthless"]').getByTestId('prize-banner');
  if (await banner.isVisible()) await page.screenshot({ path: test.info().outputPath('final-banner.png') });

  const frames = () =>
    page.evaluate(() =>
      (
        window as unknown as {
          __finalWithBanner: { banner: Box; pot: Box; counter: Box; bar: Box | null }[];
        }
      ).__finalWithBanner.map((frame) => JSON.parse(JSON.stringify(frame)) as typeof frame),
    );
  await expect.poll(async () => (await frames()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const shown = await frames();
  const height = page.viewportSize()!.height;
  for (const { banner: bannerBox, pot, counter, bar } of shown) {
    const bottom = bar ? bar.y : height;
    for (const [what, box] of [
      ['the pot', pot],
      ['the counter', counter],
    ] as const) {
      expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${what}: bottom (the bar starts at ${bottom})`).toBeLessThanOrEqual(bottom);
      expect(overlaps(bannerBox, box), `the banner covers ${what}`).toBe(false);
    }
  }

  // Issue 31 item 9: the results say the ball a prize was won on as a ball, not like a time.
  const prizes = page.getByRole('list', { name: 'Prizes won' });
  await expect(prizes).toBeVisible({ timeout: 60_000 });
  for (const prize of await prizes.getByRole('listitem').all())
    await expect(prize).toContainText(/ on ball \d+/);
  for (const each of pages) await each.context().close();
});
