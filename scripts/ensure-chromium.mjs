// Browser tests run in Debian's Chromium (Playwright cannot download browsers here). Installs it
// with apt when it is missing and we are root; otherwise says in one line how to get it and fails.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Browser tests need Chromium at ${chromium}: run "sudo apt-get install -y chromium" (Debian) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian for the browser tests...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
