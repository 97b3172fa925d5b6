// `npm test`: every check the project has: lint and format, types and the builds (these
// independent checks side by side, one per core), then unit and integration tests (Vitest), then
// the browser tests (Playwright in Chromium) with, beside them, the server files that run one at
// a time (vitest.config.ts's server-alone: they mostly wait, as the browser tests do). Runs every
// step, prints what each counted and how long it took (a table at the end), writes
// test-results/summary.json and ends with "N passed, N failed".
//
// `npm test -- --postgres-pass` (what .ci/run runs) also runs the server files whose answer can
// differ on PostgreSQL and Redis (test/postgres-pass.ts) on them, beside the browser tests: a
// journey spends much of its time waiting on a show's clock, and that pass mostly waits on its
// databases, so together they take little longer than the browser tests alone; its files that
// run one at a time go beside the PGlite ones (docs/testing.md).
// The databases are POSTGRES_PASS_DATABASE_URL and POSTGRES_PASS_REDIS_URL, by default the ones
// CI starts on this machine.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { playwrightFailures, playwrightFlaky, vitestFailures } from './failed-tests.mjs';
import { slowestLines } from './slowest-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
const postgresPass = process.argv.includes('--postgres-pass') && {
  DATABASE_URL: process.env.POSTGRES_PASS_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test',
  REDIS_URL: process.env.POSTGRES_PASS_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const started = performance.now();
const steps = [];
// Rounded before it is split, so 119.6 s reads 2 min 0 s, not 1 min 60 s.
const duration = (seconds) => {
  if (Math.round(seconds * 10) < 600) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
};

/**
 * Runs one step. A step run beside others (`buffered`) keeps its output until it ends, so each
 * step's lines stay together in the log.
 */
function run(name, command, args, { buffered = false, env = {} } = {}) {
  const line = `\n▶ ${name}: ${[command, ...args].join(' ')}`;
  if (!buffered) console.log(line);
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
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
// stay busy to the end. The builds go through build-web.mjs and build-server.mjs so their
// fingerprints are written: apps/web/vite/route-budgets.test.ts reuses the web build, and the
// tests that start the compiled server (Vitest's, the browser's, the PostgreSQL pass's) find both
// up to date, so none of them rebuilds what another is serving.
const staticChecks = [
  ['lint', ...npx('eslint', '.')],
  ['build web app', 'node', ['scripts/build-web.mjs', '--force']],
  ['build server', 'node', ['scripts/build-server.mjs']],
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
const vitestRun = (report, ...args) =>
  npx(
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}/${report}`,
  );
// The server files that run one at a time (vitest.config.ts, server-alone) mostly wait on a
// show's clock or a process's restart, as the browser tests do: they run beside those, not
// before them (docs/testing.md). With a PostgreSQL pass there are two such chains, one per
// database: both start once the pass's other files are done (those fill the cores), and run side
// by side, each still one file at a time. One after the other they were the longest lane of CI.
await run('unit and integration tests', ...vitestRun('vitest.json', '--project', '!server-alone'));
const haveChromium = await run('chromium', 'node', ['scripts/ensure-chromium.mjs']);
const POSTGRES_STEP = 'server tests on PostgreSQL + Redis';
const POSTGRES_ALONE_STEP = 'server tests one at a time on PostgreSQL + Redis';
const ALONE_STEP = 'server tests one at a time';
const onPostgresPass = { buffered: true, env: { ...postgresPass, SERVER_TESTS: 'postgres-pass' } };
await Promise.all([
  built && haveChromium
    ? run('browser tests', ...npx('playwright', 'test'))
    : steps.push({ name: 'browser tests', ok: false, seconds: 0 }),
  (async () => {
    if (postgresPass)
      await run(POSTGRES_STEP, ...vitestRun('vitest-postgres.json', '--project', 'server'), onPostgresPass);
    await Promise.all([
      postgresPass &&
        run(
          POSTGRES_ALONE_STEP,
          ...vitestRun('vitest-postgres-alone.json', '--project', 'server-alone'),
          onPostgresPass,
        ),
      run(ALONE_STEP, ...vitestRun('vitest-alone.json', '--project', 'server-alone'), { buffered: true }),
    ]);
  })(),
]);

function readJson(file) {
  const full = path.join(results, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, 'utf8')) : undefined;
}
/** A Vitest report's counts; an error outside any test fails a run whose tests all passed. */
const vitestCounts = (report) => ({
  passed: report?.numPassedTests ?? 0,
  failed: (report?.numFailedTests ?? 0) + (report && !report.success && !report.numFailedTests ? 1 : 0),
});
/** A pass's two reports as one: the files run one at a time and the rest. */
function mergedVitest(...reports) {
  const present = reports.filter(Boolean);
  if (present.length < reports.length) return undefined;
  return {
    numPassedTests: present.reduce((sum, report) => sum + report.numPassedTests, 0),
    numFailedTests: present.reduce((sum, report) => sum + report.numFailedTests, 0),
    success: present.every((report) => report.success),
    testResults: present.flatMap((report) => report.testResults),
  };
}
const vitest = mergedVitest(readJson('vitest.json'), readJson('vitest-alone.json'));
const playwright = readJson('playwright.json');
const postgres = postgresPass
  ? mergedVitest(readJson('vitest-postgres.json'), readJson('vitest-postgres-alone.json'))
  : undefined;
const unit = vitestCounts(vitest);
const onPostgres = vitestCounts(postgres);
// A flaky test (failed once, passed on its retry) counts as passed and is named below.
const browser = {
  passed: (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0),
  failed: playwright?.stats?.unexpected ?? 0,
  flaky: playwrightFlaky(playwright),
};
const failedTests = [
  ...vitestFailures(vitest),
  ...playwrightFailures(playwright),
  ...vitestFailures(postgres).map((test) => `${test} (on PostgreSQL + Redis)`),
];
// A test step that failed because its tests did is counted by those tests, not once more.
const countedByTests = {
  'unit and integration tests': vitestCounts(readJson('vitest.json')).failed,
  [ALONE_STEP]: vitestCounts(readJson('vitest-alone.json')).failed,
  'browser tests': browser.failed,
  [POSTGRES_STEP]: vitestCounts(readJson('vitest-postgres.json')).failed,
  [POSTGRES_ALONE_STEP]: vitestCounts(readJson('vitest-postgres-alone.json')).failed,
};
const failedSteps = steps.filter((step) => !step.ok && !countedByTests[step.name]).map((step) => step.name);
// A report that went missing, or a pass that ran no test, must not pass for a run that counted nothing.
if (!vitest) failedSteps.push('unit and integration report missing');
if (!playwright) failedSteps.push('browser report missing');
if (postgresPass && onPostgres.passed === 0) failedSteps.push('the PostgreSQL pass ran no test');
const summary = {
  unit,
  browser,
  ...(postgresPass && { postgres: onPostgres }),
  failedSteps,
  failedTests,
  passed: unit.passed + browser.passed + onPostgres.passed,
  failed: unit.failed + browser.failed + onPostgres.failed + failedSteps.length,
  durations: Object.fromEntries(steps.map((step) => [step.name, Math.round(step.seconds * 10) / 10])),
  seconds: Math.round((performance.now() - started) / 100) / 10,
};
writeFileSync(path.join(results, 'summary.json'), JSON.stringify(summary, null, 2));

console.log('\nDurations');
const nameWidth = Math.max(28, ...steps.map((step) => step.name.length));
for (const step of steps) {
  console.log(
    `  ${step.ok ? '✔' : '✘'} ${step.name.padEnd(nameWidth)} ${duration(step.seconds).padStart(12)}`,
  );
}
console.log(`  ${'npm test (wall clock)'.padEnd(nameWidth + 2)} ${duration(summary.seconds).padStart(12)}`);
if (vitest) console.log(slowestLines('unit and integration', vitest).join('\n'));
if (playwright) console.log(slowestLines('browser', playwright).join('\n'));
if (postgres) console.log(slowestLines('server on PostgreSQL + Redis', postgres).join('\n'));

console.log('\nSummary');
console.log(`  unit and integration: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`  browser:              ${browser.passed} passed, ${browser.failed} failed`);
if (postgresPass)
  console.log(`  PostgreSQL + Redis:   ${onPostgres.passed} passed, ${onPostgres.failed} failed`);
if (failedSteps.length) console.log(`  failed steps:         ${failedSteps.join(', ')}`);
for (const test of browser.flaky) console.log(`  flaky (passed on its retry): ${test}`);
for (const test of failedTests) console.log(`  failed: ${test}`);
if (browser.passed + browser.failed === 0) console.log('  the browser tests did not run');
console.log(`${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.failed === 0 && browser.passed > 0 ? 0 : 1);
