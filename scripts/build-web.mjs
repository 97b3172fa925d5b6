// `npm start` builds the web app only when what it is built from changed since the last build:
// a fingerprint of the app's sources, the packages it bundles and the lockfile sits beside the
// build. `--force` builds anyway. Run alone, or imported by start.mjs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sourceFingerprint } from './source-fingerprint.mjs';

const root = path.resolve(import.meta.dirname, '..');
const inputs = ['apps/web', 'packages/game/src', 'packages/protocol/src', 'package-lock.json'];

/** Builds the web app if its sources changed; its exit status (0 when up to date or built). */
export function buildWeb() {
  const fingerprint = sourceFingerprint(root, inputs, path.join(root, 'apps/web/dist/.source-fingerprint'));
  if (fingerprint.upToDate) {
    console.log('Web app is up to date (apps/web/dist).');
    return 0;
  }
  const { status } = spawnSync('npm', ['run', 'build', '-w', '@ruthless/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) return status ?? 1;
  fingerprint.save();
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = buildWeb();
