// Renders the demo rooms' pictures (public/rooms/*.svg, the sources) to sized WebP beside them
// (docs/web-quality.md, Images): a room card shows its picture at most about 310 CSS pixels wide,
// so 640x360 covers a phone's 2x screen. As an <img>, an SVG was parsed as a document and
// repainted with its gradients and filters on the main thread; a WebP is decoded off it.
// Chromium draws each SVG exactly as the app showed it (an <img>, so no web fonts) and encodes it.
// Run: node apps/web/scripts/make-room-images.mjs (Chromium: CHROME_PATH, else /usr/bin/chromium)
/* global Image, document -- the page.evaluate callback runs in Chromium */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const WIDTH = 640;
const HEIGHT = 360;
const QUALITY = 0.82;

const dir = path.resolve(import.meta.dirname, '../public/rooms');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.svg'))) {
    const svg = await readFile(path.join(dir, name), 'utf8');
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
      { svg, width: WIDTH, height: HEIGHT, quality: QUALITY },
    );
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const out = name.replace(/\.svg$/, '.webp');
    await writeFile(path.join(dir, out), webp);
    console.log(`${out}: ${webp.length} bytes`);
  }
} finally {
  await browser.close();
}
