// `npm test`: every check the project has: lint and format, types and the web build (these
// independent checks side by side, one per core), then unit and integration tests (Vitest), then
// the browser tests (Playwright in Chromium). Runs every step, prints what each counted and how
// long it took (a table at the end), writes test-results/summary.json and ends with
// "N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { playwrightFailures, playwrightFlaky, vitestFailures } from './failed-tests.mjs';
import { slowestLines } from './slowest-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const started = performance.now();
const steps = [];
const duration = (seconds) =>
  seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

/**
 * Runs one step. A step run beside others (`buffered`) keeps its output until it ends, so each
 * step's lines stay together in the log.
 */
function run(name, command, args, { buffered = false } = {}) {
  const line = `\n▶ ${name}: ${[command, ...args].join(' ')}`;
  if (!buffered) console.log(line);
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (status) => {
      const step = { name, ok: status === 0, seconds: (performance.now() - start) / 1000 };
      steps.push(step);
      if (buffered) {
        console.log(line);
        if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      }
      console.log(`${step.ok ? '✔' : '✘'} ${name}: ${duration(step.seconds)}`);
      resolve(step.ok);
    });
  });
}
const npx = (...args) => ['npx', ['--no-install', ...args]];

/** Runs the steps `limit` at a time; resolves with each one's outcome, in the given order. */
async function sideBySide(jobs, limit) {
  const outcomes = [];
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const index = next++;
      outcomes[index] = await jobs[index]();
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return outcomes;
}

// The checks that read the sources and depend on nothing else, longest first so that the cores
// stay busy to the end. The web build goes through build-web.mjs so the build's fingerprint is
// written: apps/web/vite/route-budgets.test.ts reuses it.
const staticChecks = [
  ['lint', ...npx('eslint', '.')],
  ['build web app', 'node', ['scripts/build-web.mjs', '--force']],
  ...['apps/web', 'apps/server', '.', 'packages/protocol', 'packages/game'].map((project) => [
    `types ${project}`,
    ...npx('tsc', '-p', project, '--noEmit'),
  ]),
  ['format', ...npx('prettier', '--check', '.')],
];
const staticOutcomes = await sideBySide(
  staticChecks.map(
    ([name, command, args]) =>
      () =>
        run(name, command, args, { buffered: true }),
  ),
  os.availableParallelism(),
);
const built = staticOutcomes[staticChecks.findIndex(([name]) => name === 'build web app')];
await run(
  'unit and integration tests',
  ...npx(
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}/vitest.json`,
  ),
);
const haveChromium = await run('chromium', 'node', ['scripts/ensure-chromium.mjs']);
if (built && haveChromium) await run('browser tests', ...npx('playwright', 'test'));
else steps.push({ name: 'browser tests', ok: false, seconds: 0 });

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
// A flaky test (failed once, passed on its retry) counts as passed and is named below.
const browser = {
  passed: (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0),
  failed: playwright?.stats?.unexpected ?? 0,
  flaky: playwrightFlaky(playwright),
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
  durations: Object.fromEntries(steps.map((step) => [step.name, Math.round(step.seconds * 10) / 10])),
  seconds: Math.round((performance.now() - started) / 100) / 10,
};
writeFileSync(path.join(results, 'summary.json'), JSON.stringify(summary, null, 2));

console.log('\nDurations');
for (const step of steps) {
  console.log(`  ${step.ok ? '✔' : '✘'} ${step.name.padEnd(28)} ${duration(step.seconds).padStart(12)}`);
}
console.log(`  ${'npm test (wall clock)'.padEnd(30)} ${duration(summary.seconds).padStart(12)}`);
if (vitest) console.log(slowestLines('unit and integration', vitest).join('\n'));
if (playwright) console.log(slowestLines('browser', playwright).join('\n'));

console.log('\nSummary');
console.log(`  unit and integration: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`  browser:              ${browser.passed} passed, ${browser.failed} failed`);
if (failedSteps.length) console.log(`  failed steps:         ${failedSteps.join(', ')}`);
for (const test of browser.flaky) console.log(`  flaky (passed on its retry): ${test}`);
for (const test of failedTests) console.log(`  failed: ${test}`);
if (browser.passed + browser.failed === 0) console.log('  the browser tests did not run');
console.log(`${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.failed === 0 && browser.passed > 0 ? 0 : 1);
