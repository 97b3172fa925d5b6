import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Text compressed once, to be stitched into many gzip answers: raw deflate that ends on a byte
 * boundary (a sync flush) and refers to nothing before it, so it can follow any other part.
 */
export interface CompressedPart {
  text: Buffer;
  deflated: Buffer;
}

export function compressOnce(text: string): CompressedPart {
  const bytes = Buffer.from(text);
  return { text: bytes, deflated: deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }) };
}

/** A short text (a time stamp) as a part, stored as it is: cheaper than compressing it. */
export function storeAsIs(text: string): CompressedPart {
  const bytes = Buffer.from(text);
  if (bytes.length > 0xffff) throw new RangeError('a stored block holds at most 65535 bytes');
  // RFC 1951: a stored, not-last block starting on a byte boundary: LEN, NLEN, then the bytes.
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return { text: bytes, deflated: Buffer.concat([header, bytes]) };
}

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// RFC 1951: a last, empty stored block ends the deflate stream.
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * One gzip answer from parts made once: each answer costs a checksum of its text, not a
 * compression (GET /api/rooms, which every player polls, differs from one answer to the next
 * only by the time it carries).
 */
export function stitchGzip(parts: readonly CompressedPart[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const { text, deflated } of parts) {
    chunks.push(deflated);
    crc = crc32(text, crc);
    size += text.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([...chunks, LAST_BLOCK, trailer]);
}
