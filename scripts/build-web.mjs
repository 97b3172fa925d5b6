// `npm start` builds the web app only when what it is built from changed since the last build:
// a fingerprint of the app's sources, the packages it bundles and the lockfile sits beside the
// build. `--force` builds anyway.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.source-fingerprint');
const inputs = ['apps/web', 'packages/game/src', 'packages/protocol/src', 'package-lock.json'];
const skipped = new Set(['node_modules', 'dist']);

function* filesUnder(relative) {
  const full = path.join(root, relative);
  if (!statSync(full).isDirectory()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(full).sort()) {
    if (!skipped.has(entry)) yield* filesUnder(path.join(relative, entry));
  }
}

const hash = createHash('sha256');
for (const input of inputs) {
  for (const file of filesUnder(input))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)));
}
const fingerprint = hash.digest('hex');

if (!process.argv.includes('--force') && existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) {
  console.log('Web app is up to date (apps/web/dist).');
  process.exit(0);
}
const { status } = spawnSync('npm', ['run', 'build', '-w', '@ruthless/web'], { cwd: root, stdio: 'inherit' });
if (status !== 0) process.exit(status ?? 1);
writeFileSync(stamp, fingerprint);
