import { createHash } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, HostErrorCode, ROOM_IMAGE_MAX_BYTES, ROOM_IMAGE_MESSAGE } from '@ruthless/protocol';
import { InvalidError, TooLargeError, UnsupportedTypeError } from '../errors';

/** The public path room images are served under. */
export const ROOM_IMAGES_PATH = '/room-images';
const TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageExtension = keyof typeof TYPES;
const FILE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp)$/;

/**
 * The image type told by the file's first bytes, never by its name or declared type. SVG is
 * refused: it can carry script, and room images are shown to every player.
 */
export function sniffImage(bytes: Buffer): ImageExtension | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** Room images stored under DATA_DIR by the SHA-256 of their bytes, so a name never changes meaning. */
export class RoomImages {
  private readonly folder: string;
  private readonly origins: Set<string>;

  /** `origins`: the sites a room image may be linked from (PUBLIC_URL, ALLOWED_ORIGINS); https only. */
  constructor(dataDir: string, origins: string[] = []) {
    this.folder = path.join(dataDir, 'room-images');
    this.origins = new Set(
      origins.filter((origin) => origin.startsWith('https://')).map((origin) => new URL(origin).origin),
    );
  }

  /**
   * Refuses a room image that is not ours (artwork, or an upload that exists) nor an https
   * address on an allowed origin. The shape was checked by the request's schema.
   */
  async check(roomImage: string): Promise<void> {
    const refuse = () => new InvalidError(ErrorCode.validation, ROOM_IMAGE_MESSAGE, 'roomImage');
    if (roomImage.startsWith('/rooms/')) return;
    if (roomImage.startsWith(`${ROOM_IMAGES_PATH}/`)) {
      const name = roomImage.slice(ROOM_IMAGES_PATH.length + 1);
      if (!FILE_NAME.test(name)) throw refuse();
      try {
        await access(path.join(this.folder, name));
        return;
      } catch {
        throw refuse();
      }
    }
    let origin: string;
    try {
      origin = new URL(roomImage).origin;
    } catch {
      throw refuse();
    }
    if (!roomImage.startsWith('https://') || !this.origins.has(origin)) throw refuse();
  }

  async store(bytes: Buffer): Promise<string> {
    if (bytes.length === 0) {
      throw new InvalidError(HostErrorCode.imageEmpty, 'Choose an image to upload.', 'image');
    }
    if (bytes.length > ROOM_IMAGE_MAX_BYTES) {
      throw new TooLargeError(HostErrorCode.imageTooLarge, 'The image must be at most 2 MB.', 'image');
    }
    const extension = sniffImage(bytes);
    if (!extension) {
      throw new UnsupportedTypeError(
        HostErrorCode.imageType,
        'The room image must be a PNG, JPEG or WebP picture.',
        'image',
      );
    }
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
    await mkdir(this.folder, { recursive: true });
    await writeFile(path.join(this.folder, name), bytes);
    return `${ROOM_IMAGES_PATH}/${name}`;
  }

  /** The bytes and type of a stored image, or null for any other name. */
  async read(name: string): Promise<{ bytes: Buffer; type: string } | null> {
    const match = FILE_NAME.exec(name);
    if (!match) return null;
    try {
      return {
        bytes: await readFile(path.join(this.folder, name)),
        type: TYPES[match[1] as ImageExtension],
      };
    } catch {
      return null;
    }
  }
}
