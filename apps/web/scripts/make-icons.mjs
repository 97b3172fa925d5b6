// Renders the app's install icons and its tab icon (public/icons/*.png) from public/favicon.svg in
// Chromium, so the ball looks the same everywhere: plain icons on a transparent ground, and a
// maskable one on the app's navy with the ball inside the 80% safe zone.
// Run: node apps/web/scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(import.meta.dirname, '../public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const icons = [
  // The tab's icon: Chromium decodes a page's icon in the page's own process, and an SVG there is
  // parsed as a document of its own on the main thread (6-36 ms a time on the host, the page busy).
  { file: 'favicon-48.png', size: 48, ball: 1, ground: 'transparent' },
  { file: 'icon-192.png', size: 192, ball: 1, ground: 'transparent' },
  { file: 'icon-512.png', size: 512, ball: 1, ground: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, ball: 0.72, ground: '#0a1552' },
  { file: 'apple-touch-icon-180.png', size: 180, ball: 0.86, ground: '#0a1552' },
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const { file, size, ball, ground } of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${ground}">
       <div style="width:${size * ball}px;height:${size * ball}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
     </body>`,
  );
  await page.screenshot({
    path: path.join(publicDir, 'icons', file),
    omitBackground: ground === 'transparent',
  });
}
await browser.close();
