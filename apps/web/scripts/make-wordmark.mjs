// Draws the RUTHLESS wordmark's face with its letters as outlines (src/assets/logo/ruthless-face.svg):
// the display font's glyphs laid on the logo's arc as SVG's <textPath> lays them (each glyph's
// middle on the curve, turned to its tangent). As outlines the logo needs no web font, so it is
// drawn in full at the first paint instead of again once the font is decoded, which made it the
// page's largest paint late (docs/web-quality.md, Lighthouse). The app shows the face as a WebP
// rendered from it (ruthless-face.webp): an SVG shown as a picture is parsed as a document of its
// own on the main thread, each time it is shown.
// Run: node apps/web/scripts/make-wordmark.mjs (Chromium: CHROME_PATH, else /usr/bin/chromium)
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import opentype from 'opentype.js';
import { svgsToWebp } from './svg-to-webp.mjs';

const WORD = 'RUTHLESS';
const FONT_SIZE = 118;
const LETTER_SPACING = 2;
// The arc the letters sit on (viewBox 0 0 600 190): a quadratic curve, the text centred on it.
const ARC = { start: [24, 158], control: [300, 58], end: [576, 158] };

const require = createRequire(import.meta.url);
const fontFile = require.resolve('@fontsource/luckiest-guy/files/luckiest-guy-latin-400-normal.woff');
const buffer = await readFile(fontFile);
const font = opentype.parse(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
const scale = FONT_SIZE / font.unitsPerEm;

const pointAt = (t) => {
  const u = 1 - t;
  return [0, 1].map((i) => u * u * ARC.start[i] + 2 * u * t * ARC.control[i] + t * t * ARC.end[i]);
};
const tangentAt = (t) =>
  [0, 1].map((i) => 2 * (1 - t) * (ARC.control[i] - ARC.start[i]) + 2 * t * (ARC.end[i] - ARC.control[i]));

// The arc measured by length: fine samples, so a distance along it maps back to its parameter.
const SAMPLES = 4000;
const lengths = [0];
for (let i = 1, previous = pointAt(0); i <= SAMPLES; i++) {
  const point = pointAt(i / SAMPLES);
  lengths.push(lengths[i - 1] + Math.hypot(point[0] - previous[0], point[1] - previous[1]));
  previous = point;
}
const arcLength = lengths[SAMPLES];
const parameterAt = (distance) => {
  let i = lengths.findIndex((length) => length >= distance);
  if (i <= 0) return Math.max(0, i) / SAMPLES;
  const within = (distance - lengths[i - 1]) / (lengths[i] - lengths[i - 1]);
  return (i - 1 + within) / SAMPLES;
};

const glyphs = font.stringToGlyphs(WORD);
const advances = glyphs.map((glyph, i) => {
  const kerning = i + 1 < glyphs.length ? font.getKerningValue(glyph, glyphs[i + 1]) : 0;
  return (glyph.advanceWidth + kerning) * scale + LETTER_SPACING;
});
const total = advances.reduce((sum, advance) => sum + advance, 0);

// Coordinates in tenths of a unit, written relative to the pen (shorter, and smaller gzipped).
const tenths = (value) => Math.round(value * 10);
const number = (value) => (value / 10).toString().replace(/^(-?)0\./, '$1.');
const numbers = (values) => values.map(number).join(' ').replace(/ -/g, '-');

let x = arcLength / 2 - total / 2; // text-anchor: middle at startOffset 50 %
let pen = [0, 0];
let subpathStart = pen;
const outline = glyphs
  .map((glyph, i) => {
    const width = glyph.advanceWidth * scale;
    const t = parameterAt(x + width / 2);
    const [cx, cy] = pointAt(t);
    const [dx, dy] = tangentAt(t);
    const angle = Math.atan2(dy, dx);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    x += advances[i];
    // The glyph's own coordinates (y up, its middle at 0), turned and moved onto the arc.
    const place = (gx, gy) => {
      const lx = gx * scale - width / 2;
      const ly = -gy * scale;
      return [tenths(cx + lx * cos - ly * sin), tenths(cy + lx * sin + ly * cos)];
    };
    const relative = (...points) => numbers(points.flatMap(([px, py]) => [px - pen[0], py - pen[1]]));
    return glyph.path.commands
      .map((command) => {
        if (command.type === 'Z') {
          pen = subpathStart;
          return 'z';
        }
        const end = place(command.x, command.y);
        const controls =
          command.type === 'Q'
            ? [place(command.x1, command.y1)]
            : command.type === 'C'
              ? [place(command.x1, command.y1), place(command.x2, command.y2)]
              : [];
        if (command.type === 'L' && end[0] === pen[0] && end[1] === pen[1]) return '';
        const written = command.type.toLowerCase() + relative(...controls, end);
        pen = end;
        if (command.type === 'M') subpathStart = end;
        return written;
      })
      .join('');
  })
  .join('');

// The face: the extruded shadow and the dark outline under the gold letters, one path each. The
// logo shows its WebP as an <img> and masks its shimmer with it (src/components/ui/logo/logo.tsx).
const face =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 190">' +
  '<defs><linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">' +
  '<stop offset="0" stop-color="#fffbe0"/><stop offset="0.3" stop-color="#ffe27a"/>' +
  '<stop offset="0.55" stop-color="#ffbf1f"/><stop offset="0.8" stop-color="#e88a0c"/>' +
  '<stop offset="1" stop-color="#b85a06"/></linearGradient>' +
  `<path id="word" d="${outline}"/></defs>` +
  '<g stroke-linejoin="round" paint-order="stroke fill">' +
  '<use href="#word" transform="translate(0 9)" fill="#2a0d00" stroke="#2a0d00" stroke-width="16"/>' +
  '<use href="#word" fill="#5a2400" stroke="#4a1c00" stroke-width="16"/>' +
  '<use href="#word" fill="url(#gold)" stroke="#fff1b8" stroke-width="2"/></g></svg>\n';

const target = path.resolve(import.meta.dirname, '../src/assets/logo/ruthless-face.svg');
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, face);
console.log(`${path.relative(process.cwd(), target)}: ${face.length} bytes`);

// The logo is at most 28rem wide (448 CSS pixels; 358 on a 390-pixel phone, 940 device pixels at
// 2.6x): 900 pixels across. At 0.8 it is some 20 kB and looks as the SVG does.
const [webp] = await svgsToWebp([{ svg: face, width: 900, height: 285, quality: 0.8 }]);
const webpTarget = target.replace(/\.svg$/, '.webp');
await writeFile(webpTarget, webp);
console.log(`${path.relative(process.cwd(), webpTarget)}: ${webp.length} bytes`);
