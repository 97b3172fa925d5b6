import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each text file of
 * the build, which the server sends as they are (@fastify/static's `preCompressed`, in
 * apps/server/src/plugins/web-app.ts): the best compression, paid once at build rather than on
 * every request (docs/web-quality.md, Lighthouse). Files under 1 kB are sent as they are.
 */
export function precompress(pattern = /\.(js|css|html|svg|json|webmanifest)$/): Plugin {
  let outDir = 'dist';
  return {
    name: 'ruthless:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.values(bundle)
          .filter((output) => pattern.test(output.fileName))
          .map(async (output) => {
            const source = output.type === 'chunk' ? output.code : output.source;
            const bytes = typeof source === 'string' ? Buffer.from(source) : source;
            if (bytes.length < 1024) return;
            const file = path.join(outDir, output.fileName);
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipAsync(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
