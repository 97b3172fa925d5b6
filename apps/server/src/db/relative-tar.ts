const BLOCK = 512;

/**
 * A tar archive whose member names are relative: PGlite names its folder's files from the root
 * (`/base/1/112`), and an archive with absolute names is unpacked only by a tar that strips them
 * (GNU tar warns; others write to `/`). Each header's name and prefix lose their leading slashes
 * and the header's checksum is made again; the files' contents are untouched.
 */
export function withRelativeNames(archive: Uint8Array): Uint8Array {
  const tar = Buffer.from(archive);
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break; // The end: two empty blocks.
    stripLeadingSlashes(header, 0, 100); // name
    if (header.toString('latin1', 257, 262) === 'ustar') stripLeadingSlashes(header, 345, 155); // prefix
    writeChecksum(header);
    const size = parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return tar;
}

function stripLeadingSlashes(header: Buffer, offset: number, length: number): void {
  const field = header.subarray(offset, offset + length);
  let slashes = 0;
  while (slashes < length && field[slashes] === 0x2f) slashes++;
  if (slashes === 0) return;
  field.copy(field, 0, slashes);
  field.fill(0, length - slashes);
}

/** The header's checksum: the sum of its bytes with the checksum field read as spaces. */
function writeChecksum(header: Buffer): void {
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
}
