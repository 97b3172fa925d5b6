// `npm test`: every check the project has, in order: lint and format, types, unit and
// integration tests (Vitest), then the browser tests (Playwright in Chromium). Runs every step,
// prints what each counted, writes test-results/summary.json and ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { playwrightFailures, vitestFailures } from './failed-tests.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const steps = [];
function run(name, command, args) {
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  steps.push({ name, ok: status === 0 });
  return status === 0;
}
const npx = (...args) => ['npx', ['--no-install', ...args]];

run('lint', ...npx('eslint', '.'));
run('format', ...npx('prettier', '--check', '.'));
for (const project of ['.', 'packages/game', 'packages/protocol', 'apps/server', 'apps/web']) {
  run(`types ${project}`, ...npx('tsc', '-p', project, '--noEmit'));
}
// Through build-web.mjs so the build's fingerprint is written: apps/web/vite/route-budgets.test.ts reuses it.
const built = run('build web app', 'node', ['scripts/build-web.mjs', '--force']);
run(
  'unit and integration tests',
  ...npx(
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}/vitest.json`,
  ),
);
const haveChromium = run('chromium', 'node', ['scripts/ensure-chromium.mjs']);
if (built && haveChromium) run('browser tests', ...npx('playwright', 'test'));
else steps.push({ name: 'browser tests', ok: false });

function readJson(file) {
  const full = path.join(results, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, 'utf8')) : undefined;
}
const vitest = readJson('vitest.json');
const playwright = readJson('playwright.json');
const unit = {
  passed: vitest?.numPassedTests ?? 0,
  failed: (vitest?.numFailedTests ?? 0) + (vitest && !vitest.success && !vitest.numFailedTests ? 1 : 0),
};
const browser = {
  passed: playwright?.stats?.expected ?? 0,
  failed: (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0),
};
const failedTests = [...vitestFailures(vitest), ...playwrightFailures(playwright)];
// A test step that failed because its tests did is counted by those tests, not once more.
const countedByTests = {
  'unit and integration tests': unit.failed,
  'browser tests': browser.failed,
};
const failedSteps = steps.filter((step) => !step.ok && !countedByTests[step.name]).map((step) => step.name);
// A report that went missing must not pass for a run that counted nothing.
if (!vitest) failedSteps.push('unit and integration report missing');
if (!playwright) failedSteps.push('browser report missing');
const summary = {
  unit,
  browser,
  failedSteps,
  failedTests,
  passed: unit.passed + browser.passed,
  failed: unit.failed + browser.failed + failedSteps.length,
};
writeFileSync(path.join(results, 'summary.json'), JSON.stringify(summary, null, 2));

console.log('\nSummary');
console.log(`  unit and integration: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`  browser:              ${browser.passed} passed, ${browser.failed} failed`);
if (failedSteps.length) console.log(`  failed steps:         ${failedSteps.join(', ')}`);
for (const test of failedTests) console.log(`  failed: ${test}`);
if (browser.passed + browser.failed === 0) console.log('  the browser tests did not run');
console.log(`${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.failed === 0 && browser.passed > 0 ? 0 : 1);
