// What build-web.mjs and build-server.mjs share: a build is redone only when what it is built
// from changed since the last one. The fingerprint (file names and contents of the inputs) sits
// beside the build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const skipped = new Set(['node_modules', 'dist']);

function* filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!statSync(full).isDirectory()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(full).sort()) {
    if (!skipped.has(entry)) yield* filesUnder(root, path.join(relative, entry));
  }
}

/**
 * The build's fingerprint over `inputs` (files or folders relative to `root`, node_modules and
 * dist left out), and whether the one stored at `stamp` matches it.
 */
export function sourceFingerprint(root, inputs, stamp) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(root, input))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)));
  }
  const fingerprint = hash.digest('hex');
  return {
    upToDate:
      !process.argv.includes('--force') && existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint,
    /** Call once the build succeeded. */
    save: () => writeFileSync(stamp, fingerprint),
  };
}
