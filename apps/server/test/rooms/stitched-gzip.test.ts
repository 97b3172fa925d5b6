import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressOnce, stitchGzip, storeAsIs } from '../../src/rooms/stitched-gzip';

describe('a gzip answer stitched from parts compressed once', () => {
  it('unzips to the parts and texts in order, with the right checksum and length', () => {
    const room = compressOnce(
      `{"name":"Gold Rush ✨","games":[${'{"state":"scheduled"},'.repeat(200)}{}],"serverTime":`,
    );
    const other = compressOnce(',{"name":"Ruby Rush","serverTime":');
    const time = storeAsIs('"2026-11-26T20:00:00.000Z"}');
    const gzip = stitchGzip([storeAsIs('['), room, time, other, time, storeAsIs(']')]);
    // gunzip checks the CRC and length of the trailer.
    expect(gunzipSync(gzip).toString()).toBe(`[${room.text}${time.text}${other.text}${time.text}]`);
    // The repeated games compress: the answer is far smaller than its text.
    expect(gzip.length).toBeLessThan(room.text.length / 5);
  });

  it('makes a valid answer of stored texts alone, or of nothing', () => {
    expect(gunzipSync(stitchGzip([storeAsIs('[]')])).toString()).toBe('[]');
    expect(gunzipSync(stitchGzip([])).toString()).toBe('');
  });
});
