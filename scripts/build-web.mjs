// `npm start` builds the web app only when what it is built from changed since the last build:
// a fingerprint of the app's sources, the packages it bundles and the lockfile sits beside the
// build. `--force` builds anyway.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sourceFingerprint } from './source-fingerprint.mjs';

const root = path.resolve(import.meta.dirname, '..');
const inputs = ['apps/web', 'packages/game/src', 'packages/protocol/src', 'package-lock.json'];
const fingerprint = sourceFingerprint(root, inputs, path.join(root, 'apps/web/dist/.source-fingerprint'));

if (fingerprint.upToDate) {
  console.log('Web app is up to date (apps/web/dist).');
  process.exit(0);
}
const { status } = spawnSync('npm', ['run', 'build', '-w', '@ruthless/web'], { cwd: root, stdio: 'inherit' });
if (status !== 0) process.exit(status ?? 1);
fingerprint.save();
