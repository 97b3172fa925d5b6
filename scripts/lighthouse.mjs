// Lighthouse (mobile preset) on /login, the lobby (signed in) and a game screen, against the
// real server of the browser tests (scripts/e2e-server.mjs, started and stopped here) and the web
// app as last built (this script builds nothing: run `npm run build` first). Prints each page's
// scores and a "below target" line under the thresholds of docs/web-quality.md.
//   --runs N   measures each page N times and judges the median (the box is noisy); default 1
//   --strict   exits non-zero below target (default: prints and exits 0)
//   --report-dir DIR   also writes each run's full report there (<page>-<run>.json): its
//              long-tasks, mainthread-work-breakdown and bootup-time audits say where TBT went
//   --as-index N   measures as on a host whose benchmark index is N (a slow day is about 1 300):
//              each run's CPU slowdown is Lighthouse's 4x times the baseline's index over N, so a
//              fast host reads as a slow one (Lighthouse's own advice for calibrating the slowdown
//              to a host). The baseline runs at 4x: it is what measures the host.
//   --floor    also measures the stack's floor beside each run of a page, at that run's slowdown:
//              scripts/lighthouse-floor/, a sign-in form drawn by React, React Router and TanStack
//              Query and nothing of the product's (built here with Vite), so a page's TBT can be read
//              as the stack's share and the product's own
//   --page NAME   measures only that page (login, lobby or game; repeatable); default all three
//   --tasks    also prints, for each run of a page, the main thread's tasks of 10 ms or more after
//              the first paint as observed in Lighthouse's own trace (unthrottled: its simulation
//              keeps only such tasks, the first layout, paint and parse, and multiplies each by the
//              slowdown), with where their time went and the scripts they are attributed to
// Before each run of a page it measures a baseline page (one line of text and a fixed bit of
// script, served by this script on a port of its own: no route of the product), so each page's
// figures sit beside the host's speed at that moment: Lighthouse's benchmark index, and the
// baseline's own performance and TBT.
// Chromium: CHROME_PATH, else /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { ProcessedNavigation } from 'lighthouse/core/computed/processed-navigation.js';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    strict: { type: 'boolean', default: false },
    'report-dir': { type: 'string' },
    'as-index': { type: 'string' },
    floor: { type: 'boolean', default: false },
    page: { type: 'string', multiple: true },
    tasks: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error('--runs takes a whole number from 1 to 9');
  process.exit(2);
}

const PAGE_KEYS = ['login', 'lobby', 'game'];
if (options.page?.some((key) => !PAGE_KEYS.includes(key))) {
  console.error(`--page takes ${PAGE_KEYS.join(', ')}`);
  process.exit(2);
}

const asIndex = options['as-index'] === undefined ? null : Number(options['as-index']);
if (asIndex !== null && !(Number.isFinite(asIndex) && asIndex >= 100 && asIndex <= 10_000)) {
  console.error('--as-index takes a benchmark index from 100 to 10000');
  process.exit(2);
}
/** Lighthouse's mobile preset slows the CPU down 4x. */
const MOBILE_SLOWDOWN = 4;

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? process.env.E2E_PORT ?? 4199);
const base = `http://127.0.0.1:${port}`;
const THRESHOLDS = {
  performance: 95,
  accessibility: 95,
  'best-practices': 95,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.1,
};

const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port) },
  stdio: ['ignore', 'inherit', 'inherit'],
});
// The baseline page: one line of text and a fixed piece of script work after the load (the same
// arithmetic loop in two tasks, some 20 ms each on a fair host): its TBT moves with the host alone.
const BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Baseline">
<title>Baseline</title></head><body><p>Baseline page.</p><script>
addEventListener('load', () => {
  for (let task = 0; task < 2; task += 1)
    setTimeout(() => {
      let x = 0;
      for (let i = 0; i < 2e6; i += 1) x = (x * 31 + i) % 1000003;
      document.body.dataset.done = String(x);
    }, task * 50);
});
</script></body></html>`;
/** The floor page's build (--floor): its folder, made in the temporary directory. */
let floorDir = null;
async function buildFloor() {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  floorDir = await mkdtemp(path.join(tmpdir(), 'ruthless-lighthouse-floor-'));
  await build({
    root: path.join(root, 'scripts/lighthouse-floor'),
    base: '/floor/',
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: floorDir, emptyOutDir: true },
  });
}
const baselineServer = createServer(async (request, response) => {
  const { pathname } = new URL(request.url, 'http://localhost');
  if (floorDir && pathname.startsWith('/floor/')) {
    // The floor's scripts by name; any other path is its page, as a single-page app's fallback.
    const script = pathname.startsWith('/floor/assets/') ? path.basename(pathname) : null;
    try {
      const body = await readFile(path.join(floorDir, script ? `assets/${script}` : 'index.html'));
      response.writeHead(200, {
        'content-type': script ? 'text/javascript' : 'text/html; charset=utf-8',
        'cache-control': script ? 'max-age=31536000' : 'no-cache',
      });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  response.end(BASELINE_HTML);
});
let chrome;
async function stop(code) {
  await chrome?.kill();
  baselineServer.close();
  server.kill('SIGTERM');
  if (floorDir) await rm(floorDir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(130));
// However this script ends (a Chromium that cannot start crashes it from an event), the server goes too.
process.on('exit', () => server.kill('SIGTERM'));

async function waitForServer() {
  for (let i = 0; i < 180; i += 1) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer on ${base}/health`);
}

/** A signed-up player with details and a ticket: their session cookie and a game to watch. */
async function preparePlayer() {
  const address = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
  const cookies = new Map();
  const call = async (method, url, body, headers = {}) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        origin: base,
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const email = `lighthouse-${randomUUID().slice(0, 8)}@ruthless.test`;
  await call('POST', '/api/auth/sign-up/email', { email, password: 'secret-123', name: 'Light House' });
  const token = async () => (await call('GET', '/api/auth/token')).token;
  await call(
    'POST',
    '/api/operator/auth',
    { email, firstName: 'Light', lastName: 'House', operator: 'enlivon' },
    { authorization: await token() },
  );
  await call(
    'PUT',
    '/api/operator/user/details',
    {
      ruthlessChoice: 'share',
      alias: `LH${randomUUID().slice(0, 6)}`,
      phoneNumber: '+447911123456',
      dobDay: 14,
      dobMonth: 2,
      dobYear: 1990,
      marketingAccepted: false,
    },
    { authorization: await token() },
  );
  const rooms = await call('GET', '/api/rooms?operator=enlivon');
  const room = rooms.find((candidate) => candidate.games.some((game) => !game.hasGameStarted));
  if (!room) throw new Error('The demo has no upcoming game');
  const game = room.games.find((candidate) => !candidate.hasGameStarted);
  const claim = { gameUuid: game.gameUuid, roomUuid: room.roomUuid };
  // A game whose prizes ride on a lucky-fate card is claimed with one (the purchase page's way).
  await call('POST', '/api/claim-ticket', claim, { authorization: await token() }).catch(async () =>
    call('POST', '/api/purchase', { ...claim, luckyFateCard: 1 }, { authorization: await token() }),
  );
  return {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    gameUuid: game.gameUuid,
  };
}

const METRICS = ['performance', 'accessibility', 'best-practices', 'lcpMs', 'tbtMs', 'cls'];
const HIGHER_IS_BETTER = new Set(['performance', 'accessibility', 'best-practices']);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cell = (value, width) => String(value).padStart(width);

/** Lantern, Lighthouse's simulation, prunes shorter tasks from its graph (SIGNIFICANT_DUR_THRESHOLD_MS). */
const SIMULATED_TASK_MS = 10;
/** The long tasks of one run's trace after its first contentful paint, a line each. */
async function describeTasks(trace) {
  const context = { computedCache: new Map() };
  const tasks = await MainThreadTasks.request(trace, context);
  const { timings } = await ProcessedNavigation.request(trace, context);
  const lines = [];
  for (const task of tasks) {
    if (task.parent || task.duration < SIMULATED_TASK_MS || task.startTime < timings.firstContentfulPaint)
      continue;
    // Self time by group over the task's tree, largest first.
    const byGroup = new Map();
    const visit = (node) => {
      byGroup.set(node.group.id, (byGroup.get(node.group.id) ?? 0) + node.selfTime);
      node.children.forEach(visit);
    };
    visit(task);
    const groups = [...byGroup]
      .filter(([, ms]) => ms >= 1)
      .sort((a, b) => b[1] - a[1])
      .map(([id, ms]) => `${id} ${ms.toFixed(1)}`);
    const scripts = task.attributableURLs.map((url) => url.split('/').pop()).slice(0, 3);
    lines.push(
      `      at ${Math.round(task.startTime)} ms: ${task.duration.toFixed(1)} ms (${groups.join(', ')})${scripts.length ? ` ${scripts.join(' ')}` : ''}`,
    );
  }
  return lines;
}

/** One Lighthouse run of one page: its six figures, and the audits that cost it a11y or BP points. */
async function measure(page, run, { keepReport = true, slowdown = MOBILE_SLOWDOWN } = {}) {
  let lhr;
  let artifacts;
  // A busy machine now and then loses the trace (NO_NAVSTART, NO_FCP): that run is tried again.
  for (let attempt = 1; ; attempt += 1) {
    ({ lhr, artifacts } = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
      throttling: { cpuSlowdownMultiplier: slowdown },
    }));
    if (!lhr.runtimeError) break;
    const problem = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${page.name}: ${problem}`);
    console.log(`    ${page.name}: ${lhr.runtimeError.code}, measuring again`);
  }
  if (keepReport && options['report-dir']) {
    await mkdir(options['report-dir'], { recursive: true });
    const file = `${page.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'lobby'}-${run}.json`;
    await writeFile(path.join(options['report-dir'], file), JSON.stringify(lhr));
  }
  const { categories, audits } = lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const failedAudits = [];
  for (const id of ['accessibility', 'best-practices']) {
    for (const ref of categories[id].auditRefs) {
      const audit = audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        // What exactly: the issue types, or the first few elements or URLs at fault.
        const what = (audit.details?.items ?? [])
          .slice(0, 3)
          .map((item) => item.issueType ?? item.node?.selector ?? item.url ?? item.description)
          .filter(Boolean);
        failedAudits.push(`${id}: ${audit.id}: ${audit.title}${what.length ? ` (${what.join('; ')})` : ''}`);
      }
    }
  }
  return {
    figures: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    },
    failedAudits,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    tasks: keepReport && options.tasks ? await describeTasks(artifacts.Trace) : [],
  };
}

/**
 * A run of a reference page beside a page's run, its report not kept: the baseline just before
 * (the host's speed at that moment, at 4x) or the floor just after (at the page's slowdown).
 */
async function measureReference(name, url, slowdown = MOBILE_SLOWDOWN) {
  const { figures, benchmarkIndex } = await measure({ name, url }, 0, { keepReport: false, slowdown });
  return { performance: figures.performance, tbtMs: figures.tbtMs, benchmarkIndex };
}

let belowTarget = false;
let broken = false;
try {
  if (options.floor) await buildFloor();
  await waitForServer();
  const player = await preparePlayer();
  await new Promise((resolve) => baselineServer.listen(0, '127.0.0.1', resolve));
  const baselineUrl = `http://127.0.0.1:${baselineServer.address().port}/`;
  const floorUrl = `${baselineUrl}floor/login`;
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  });
  const pages = [
    { key: 'login', name: '/login', url: `${base}/login` },
    { key: 'lobby', name: '/', url: `${base}/`, cookie: player.cookie },
    { key: 'game', name: '/game/{id}', url: `${base}/game/${player.gameUuid}`, cookie: player.cookie },
  ].filter((page) => !options.page || options.page.includes(page.key));
  console.log(
    `\nLighthouse 12, mobile preset, ${runs} run${runs > 1 ? 's' : ''} a page${runs > 1 ? ' (median, then min-max)' : ''}`,
  );
  if (asIndex !== null)
    console.log(
      `As on a host of benchmark index ${asIndex}: each page's CPU slowdown is ${MOBILE_SLOWDOWN}x its baseline's index / ${asIndex}`,
    );
  // Lighthouse's CPU speed score for the host (bench), and the baseline page's performance and TBT
  // measured just before: TBT is the host's long tasks times a 4x slowdown, so a busy or slow host
  // (a low index, a baseline below 100) reads as a slow phone.
  console.log('page          perf  a11y  best   LCP ms   TBT ms    CLS  bench  baseline perf, TBT ms');
  const misses = [];
  const benchmarks = [];
  for (const page of pages) {
    const results = [];
    const baselines = [];
    const floors = [];
    for (let run = 0; run < runs; run += 1) {
      const baseline = await measureReference('baseline', baselineUrl);
      baselines.push(baseline);
      const slowdown =
        asIndex === null ? MOBILE_SLOWDOWN : (MOBILE_SLOWDOWN * baseline.benchmarkIndex) / asIndex;
      const result = await measure(page, run + 1, { slowdown });
      results.push({ ...result, slowdown });
      if (options.tasks)
        console.log(
          `    ${page.name} run ${run + 1}: TBT ${result.figures.tbtMs} ms at ${slowdown.toFixed(1)}x, ${result.tasks.length} tasks of ${SIMULATED_TASK_MS} ms or more after the first paint\n${result.tasks.join('\n')}`,
        );
      if (options.floor) floors.push(await measureReference('floor', floorUrl, slowdown));
    }
    const figures = Object.fromEntries(METRICS.map((id) => [id, median(results.map((r) => r.figures[id]))]));
    const pageMisses = METRICS.filter((id) =>
      HIGHER_IS_BETTER.has(id) ? figures[id] < THRESHOLDS[id] : figures[id] > THRESHOLDS[id],
    );
    if (pageMisses.length) misses.push(`${page.name} (${pageMisses.join(', ')})`);
    const bench = Math.round(median(results.map((r) => r.benchmarkIndex)));
    const baseline = `${median(baselines.map((b) => b.performance))}, ${median(baselines.map((b) => b.tbtMs))}`;
    const slowdowns = results.map((r) => Math.round(r.slowdown * 10) / 10);
    const [least, most] = [Math.min(...slowdowns), Math.max(...slowdowns)];
    const slowdown = asIndex === null ? '' : `  CPU ${least === most ? least : `${least}-${most}`}x`;
    const floor = options.floor
      ? `  floor ${median(floors.map((f) => f.performance))}, ${median(floors.map((f) => f.tbtMs))} ms`
      : '';
    console.log(
      `${page.name.padEnd(12)} ${cell(figures.performance, 5)} ${cell(figures.accessibility, 5)} ${cell(figures['best-practices'], 5)} ${cell(figures.lcpMs, 8)} ${cell(figures.tbtMs, 8)} ${cell(figures.cls, 6)} ${cell(bench, 6)}  ${cell(baseline, 8)}  ${pageMisses.length ? `below target: ${pageMisses.join(', ')}` : 'ok'}${slowdown}${floor}`,
    );
    if (runs > 1) {
      const range = (id) => {
        const values = results.map((r) => r.figures[id]);
        return `${Math.min(...values)}-${Math.max(...values)}`;
      };
      const spread = (values) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
      console.log(
        `${'  range'.padEnd(12)} ${cell(range('performance'), 5)} ${cell(range('accessibility'), 5)} ${cell(range('best-practices'), 5)} ${cell(range('lcpMs'), 8)} ${cell(range('tbtMs'), 8)} ${cell(range('cls'), 6)} ${spread(results.map((r) => r.benchmarkIndex))}  ${spread(baselines.map((b) => b.performance))}, ${spread(baselines.map((b) => b.tbtMs))}${options.floor ? `  floor ${spread(floors.map((f) => f.tbtMs))} ms` : ''}`,
      );
    }
    for (const audit of new Set(results.flatMap((r) => r.failedAudits))) console.log(`    ${audit}`);
    benchmarks.push(...results.map((r) => r.benchmarkIndex));
  }
  console.log(
    `Host CPU benchmark index (Lighthouse's): ${Math.min(...benchmarks)}-${Math.max(...benchmarks)}, median ${median(benchmarks)}`,
  );
  console.log(
    `Targets: performance, accessibility, best practices >= ${THRESHOLDS.performance}; LCP <= ${THRESHOLDS.lcpMs} ms, TBT <= ${THRESHOLDS.tbtMs} ms, CLS <= ${THRESHOLDS.cls}`,
  );
  if (misses.length) {
    belowTarget = true;
    console.log(
      `Lighthouse: below target on ${misses.join('; ')}${options.strict ? '' : ' (not failing: run with --strict to fail)'}`,
    );
  } else {
    console.log('Lighthouse: every page on target');
  }
} catch (error) {
  console.error(error);
  broken = true;
}
// A run that could not measure always fails; a page below target fails only with --strict.
await stop(broken || (belowTarget && options.strict) ? 1 : 0);
