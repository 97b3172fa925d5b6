import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The card's fonts: the app's own faces (@fontsource, the files apps/web/src/assets/fonts are cut
 * from), in the order the rasteriser falls back through for a character: Luckiest Guy for the
 * latin letters, then Nunito for latin-ext, Cyrillic and Vietnamese names. A character none of
 * them has is left out rather than drawn in whatever the machine has: the card renders the same
 * everywhere (no system font is loaded).
 */
const FONT_FILES = [
  '@fontsource/luckiest-guy/files/luckiest-guy-latin-400-normal.woff2',
  '@fontsource/luckiest-guy/files/luckiest-guy-latin-ext-400-normal.woff2',
  '@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2',
  '@fontsource-variable/nunito/files/nunito-latin-ext-wght-normal.woff2',
  '@fontsource-variable/nunito/files/nunito-cyrillic-wght-normal.woff2',
  '@fontsource-variable/nunito/files/nunito-cyrillic-ext-wght-normal.woff2',
  '@fontsource-variable/nunito/files/nunito-vietnamese-wght-normal.woff2',
];

/** The fonts as TrueType files on disk (resvg reads font files by path, and no WOFF2). */
export class CardFonts {
  private files: Promise<{ folder: string; paths: string[] }> | undefined;

  /** The paths, written once per process into a folder of its own under the system's temp. */
  paths(): Promise<string[]> {
    this.files ??= this.write();
    return this.files.then((files) => files.paths);
  }

  private async write(): Promise<{ folder: string; paths: string[] }> {
    // wawoff2 ships no types; loaded only once a card is drawn.
    const { decompress } = require('wawoff2') as { decompress(bytes: Buffer): Promise<Uint8Array> };
    const folder = await mkdtemp(path.join(os.tmpdir(), 'ruthless-card-fonts-'));
    const paths: string[] = [];
    // One at a time, each copied out at once: the answer is a view of the WebAssembly memory,
    // which the next decompression overwrites.
    for (const name of FONT_FILES) {
      const ttf = Buffer.from(await decompress(await readFile(require.resolve(name))));
      const file = path.join(folder, `${path.basename(name, '.woff2')}.ttf`);
      await writeFile(file, ttf);
      paths.push(file);
    }
    return { folder, paths };
  }

  /** Removes the folder, if it was made. */
  async close(): Promise<void> {
    const files = await this.files?.catch(() => undefined);
    if (files) await rm(files.folder, { recursive: true, force: true });
  }
}

/**
 * A card's SVG as a PNG, drawn with the card's fonts only, off the event loop (a worker thread of
 * libuv): a live show's balls keep their time. The results' and the invites' cards both use it.
 */
export async function drawCardPng(svg: string, fonts: CardFonts): Promise<Buffer> {
  // The rasteriser (a native addon) is loaded at the first card, not at every start.
  const [fontFiles, { renderAsync }] = await Promise.all([fonts.paths(), import('@resvg/resvg-js')]);
  const image = await renderAsync(svg, {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Luckiest Guy' },
  });
  return image.asPng();
}
