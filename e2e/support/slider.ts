import type { Locator, Page } from '@playwright/test';

/** Drags a slider's thumb from the middle by `dx` pixels with the mouse. */
export async function dragWithMouse(page: Page, slider: Locator, dx: number) {
  const box = await slider.boundingBox();
  if (!box) throw new Error('The slider is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 6 });
  await page.mouse.up();
}

/** Drags a slider from the middle by `dx` pixels with a finger (Chromium's touch input). */
export async function dragWithFinger(page: Page, slider: Locator, dx: number) {
  const box = await slider.boundingBox();
  if (!box) throw new Error('The slider is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  for (let step = 1; step <= 8; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * step) / 8, y, id: 1 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
