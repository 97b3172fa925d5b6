import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { FIRST_E2E_PORT, workerPort } from './e2e/support/worker-port';

// One worker per core: a worker is Chromium plus a server, and a journey mostly waits on a show's
// clock. On two cores in CI, beside the PostgreSQL pass (3 December 2026), two workers took the
// browser tests from 512 to 354 s (0.69x), each journey 1.0-1.7x as long, none flaky; in November,
// when every try recorded a trace, two had made journeys 1.5-2.2x as long and timed out. At most
// four: each worker's server is started before any test runs. E2E_WORKERS sets it.
const WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism()));

/**
 * Browser tests in Debian's Chromium at the product's 390x844 reference size, against the real
 * server on a fresh embedded database, one server per worker (started here; scripts/test.mjs builds
 * the web app first). Playwright loads this file again in each worker, where workerPort() is that
 * worker's server.
 */
export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties it at start, and test-results/ also holds Vitest's report.
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files are shared out between the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: WORKERS,
  // One more try for a test that fails: on this two-core machine a show's timings sometimes lose
  // to the load. A test that passes on its retry is reported flaky, by name, at the end of
  // `npm test` and CI (scripts/failed-tests.mjs), to be mended; failing twice fails. E2E_RETRIES=0
  // when hunting one.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${workerPort()}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    // Less motion, as a player may ask for (the app honours it everywhere, global.css): the show's
    // animations cost a two-core machine most of its CPU. A test of an animation asks for motion
    // (test.use({ reducedMotion: 'no-preference' })); every spec imports `test` from
    // e2e/support/fixtures.ts, which also swaps the host video for a tiny one.
    reducedMotion: 'reduce',
    // A trace only of a retry: recording one on every try (screenshots and DOM snapshots at each
    // action) was 42-44 % of a journey's CPU (docs/testing.md). A test that fails twice keeps the
    // retry's trace; `--trace on` records every try when hunting one.
    trace: 'on-first-retry',
    // The service worker would answer requests before page.route() sees them: off except in
    // e2e/pwa.spec.ts, which tests it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Media may play with sound without a tap, so the sound modal shows only where a test
        // refuses it on purpose (e2e/support/game-media.ts).
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  // Started one after another: the first builds the server, the others find it up to date.
  // E2E_REUSE_SERVER=1 runs the tests against a server already up on the port (started by
  // `node scripts/e2e-server.mjs` in another terminal: the inner loop of docs/testing.md).
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${FIRST_E2E_PORT + index}/health`,
    timeout: 90_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    env: { PORT: String(FIRST_E2E_PORT + index) },
    stdout: 'pipe' as const,
  })),
});
