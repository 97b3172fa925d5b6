// The notification badge (public/icons/badge-96.png): Android shows a badge as a white silhouette
// in the status bar, so it is one colour on transparency, drawn here from circles (a bingo ball:
// a rim and its number's disc), with 4x4 supersampling for smooth edges. Run again after a change:
//   node scripts/media/make-badge.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const SIZE = 96;
const SAMPLES = 4;
const centre = SIZE / 2;
/** Whether a point is white: the ball's rim, or the disc of its number. */
const inked = (x, y) => {
  const r = Math.hypot(x - centre, y - centre);
  return (r <= 46 && r >= 37) || r <= 26;
};

const rows = [];
for (let y = 0; y < SIZE; y++) {
  const row = Buffer.alloc(1 + SIZE * 4); // filter byte 0, then RGBA
  for (let x = 0; x < SIZE; x++) {
    let hits = 0;
    for (let sy = 0; sy < SAMPLES; sy++)
      for (let sx = 0; sx < SAMPLES; sx++)
        if (inked(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES)) hits += 1;
    row.writeUInt32BE((0xffffff00 | Math.round((255 * hits) / SAMPLES ** 2)) >>> 0, 1 + x * 4);
  }
  rows.push(row);
}

const chunk = (type, data) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = path.resolve(import.meta.dirname, '../../apps/web/public/icons/badge-96.png');
writeFileSync(out, png);
console.log(`Wrote ${path.relative(process.cwd(), out)} (${png.length} bytes)`);
