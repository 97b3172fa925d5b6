import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the lobby and brings a room to the centre of the carousel by its dot. */
export async function openRoom(page: Page, roomName: string) {
  if (new URL(page.url(), 'http://x').pathname !== '/' || page.url() === 'about:blank') await page.goto('/');
  // The start-up gate checks the session, the token and the settings first: slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Games Lobby' })).toBeVisible({ timeout: 30_000 });
  const dot = page
    .getByRole('tablist', { name: 'Choose a room' })
    .getByRole('tab', { name: roomName, exact: true });
  await dot.click();
  await expect(dot).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: roomName, exact: true })).toBeVisible();
}

/** One game's row in the lobby. */
export function gameRow(page: Page, gameUuid: string) {
  return page.locator(`[data-game-uuid="${gameUuid}"]`);
}

/** The pushes to `window.dataLayer` so far. */
export function dataLayer(page: Page) {
  return page.evaluate<Record<string, unknown>[]>('window.dataLayer ?? []');
}

/** A finger swipe to the left across an element (Chromium's touch input, as on a phone). */
export async function swipeLeft(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('Nothing to swipe: the element is not on screen');
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  const at = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: at(box.x + box.width * 0.8),
  });
  for (let step = 1; step <= 10; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(box.x + box.width * (0.8 - 0.07 * step)),
    });
    await page.waitForTimeout(16); // one frame a step: the swipe's speed is the input
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Waits until `target` has stopped moving (a carousel's slide glides into place after a tap or a
 * swipe): its position unchanged across two animation frames.
 */
export async function untilStill(target: Locator) {
  await expect
    .poll(() =>
      target.evaluate(
        (element) =>
          new Promise<boolean>((resolve) => {
            const before = element.getBoundingClientRect().x;
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve(element.getBoundingClientRect().x === before)),
            );
          }),
      ),
    )
    .toBe(true);
}
