// Renders SVG pictures to WebP in Chromium: each SVG drawn as an <img> (so no web fonts, exactly as
// the app showed it) onto a canvas of the given size and encoded there. Shared by the scripts that
// turn the app's SVG sources into the WebP it shows (docs/web-quality.md, Fourteenth pass).
// Chromium: CHROME_PATH, else /usr/bin/chromium.
/* global Image, document -- the page.evaluate callback runs in Chromium */
import { chromium } from '@playwright/test';

/** Each picture's WebP bytes, in order. */
export async function svgsToWebp(pictures) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const webps = [];
    for (const { svg, width, height, quality } of pictures) {
      const dataUrl = await page.evaluate(
        async ({ svg, width, height, quality }) => {
          const image = new Image(width, height);
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          canvas.getContext('2d').drawImage(image, 0, 0, width, height);
          return canvas.toDataURL('image/webp', quality);
        },
        { svg, width, height, quality },
      );
      webps.push(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
    }
    return webps;
  } finally {
    await browser.close();
  }
}
