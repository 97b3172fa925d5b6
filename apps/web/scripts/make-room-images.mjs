// Renders the demo rooms' pictures (public/rooms/*.svg, the sources) to sized WebP beside them
// (docs/web-quality.md, "What was done about it"): a room card shows its picture at most about
// 310 CSS pixels wide, so 640x360 covers a phone's 2x screen. As an <img>, an SVG was parsed as a
// document and repainted with its gradients and filters on the main thread; a WebP is decoded
// off it.
// Chromium draws each SVG exactly as the app showed it (an <img>, so no web fonts) and encodes it.
// Run: node apps/web/scripts/make-room-images.mjs (Chromium: CHROME_PATH, else /usr/bin/chromium)
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { svgsToWebp } from './svg-to-webp.mjs';

const WIDTH = 640;
const HEIGHT = 360;
const QUALITY = 0.82;

const dir = path.resolve(import.meta.dirname, '../public/rooms');
const names = (await readdir(dir)).filter((file) => file.endsWith('.svg'));
const svgs = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
const webps = await svgsToWebp(svgs.map((svg) => ({ svg, width: WIDTH, height: HEIGHT, quality: QUALITY })));
for (const [i, name] of names.entries()) {
  const out = name.replace(/\.svg$/, '.webp');
  await writeFile(path.join(dir, out), webps[i]);
  console.log(`${out}: ${webps[i].length} bytes`);
}
