import { test, expect, type Locator, type Page } from './support/fixtures';
import { dismissSoundModal } from './support/game-show';
import { signInHost, type Host } from './support/lobby-host';
import { claimTicketViaApi, signUpPlayer, uniqueAddress } from './support/lobby-players';

// Issue 31 item 4: during the draw the current ball and the whole first ticket are on screen
// without scrolling, on the reference phone and on a small one.

let host: Host;
test.beforeAll(async () => {
  host = await signInHost();
});
test.afterAll(async () => {
  await host.dispose();
});

async function hostControl(gameUuid: string, action: 'start' | 'draw' | 'pause') {
  const response = await host.request.post(`/api/host/games/${gameUuid}/${action}`, {
    headers: { authorization: host.token, 'x-forwarded-for': uniqueAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The element's box lies wholly inside the viewport and above the fixed bottom bar. */
async function expectWhollyOnScreen(page: Page, element: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = await element.boundingBox();
  expect(box, what).not.toBeNull();
  const bar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const bottom = bar ? bar.y : viewport.height;
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height, `${what}: bottom (the bar starts at ${bottom})`).toBeLessThanOrEqual(bottom);
}

test('the draw at 390x844 and 360x640: the current ball and the whole ticket on screen without scrolling', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const room = await host.createRoom();
  // The host draws by hand: the automatic interval is an hour.
  const game = await host.createGame(room.roomUuid, {
    startsInMs: 30 * 60_000,
    prizeLuckyFateSelections: 'in-game',
    timings: { greenRoomMs: 60_000, reelsMs: 500, luckyFateMs: 500, ballIntervalMs: 60 * 60_000 },
  });
  const player = await signUpPlayer(page.request);
  await claimTicketViaApi(page.request, player, { gameUuid: game.gameUuid, roomUuid: room.roomUuid });
  await page.goto(`/game/${game.gameUuid}`);
  await dismissSoundModal(page);
  await hostControl(game.gameUuid, 'start');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Eyes Down', { timeout: 30_000 });
  for (let count = 1; count <= 6; count += 1) {
    await hostControl(game.gameUuid, 'draw');
    await expect(page.locator('[data-called]')).toHaveCount(count);
  }
  const ball = page.getByTestId('current-ball');
  const ticket = page.getByRole('region', { name: /Your ticket/ });

  for (const size of [
    { width: 390, height: 844 },
    { width: 360, height: 640 },
  ]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(ball).toBeVisible();
    // The ball's drop animation has ended.
    await expect
      .poll(() =>
        ball.evaluate(
          (el) =>
            el
              .getAnimations()
              .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
              .length,
        ),
      )
      .toBe(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.screenshot({ path: test.info().outputPath(`draw-${size.width}x${size.height}.png`) });
    await expectWhollyOnScreen(page, ball, `the current ball at ${size.width}x${size.height}`);
    await expectWhollyOnScreen(page, ticket, `the ticket at ${size.width}x${size.height}`);
  }
});
