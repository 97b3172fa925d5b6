// Lighthouse (mobile preset) on /login, the lobby (signed in) and a game screen, against the
// real server of the browser tests (scripts/e2e-server.mjs) and the web app as last built (this
// script builds nothing: run `npm run build` first). Prints each page's scores and fails below
// the thresholds of docs/web-quality.md. Chromium: CHROME_PATH, else /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

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
let chrome;
async function stop(code) {
  await chrome?.kill();
  server.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(130));

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

let failed = false;
try {
  await waitForServer();
  const player = await preparePlayer();
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
    { name: '/login', url: `${base}/login` },
    { name: '/', url: `${base}/`, cookie: player.cookie },
    { name: '/game/{id}', url: `${base}/game/${player.gameUuid}`, cookie: player.cookie },
  ];
  console.log('\nLighthouse 12, mobile preset');
  console.log('page          perf  a11y  best   LCP ms   TBT ms    CLS');
  for (const page of pages) {
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
    });
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      failed = true;
      console.log(
        `${page.name.padEnd(12)} Lighthouse could not measure it: ${runtimeError.code} ${runtimeError.message}`,
      );
      continue;
    }
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const row = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    };
    const misses = [
      ...['performance', 'accessibility', 'best-practices'].filter((id) => row[id] < THRESHOLDS[id]),
      ...['lcpMs', 'tbtMs', 'cls'].filter((id) => row[id] > THRESHOLDS[id]),
    ];
    if (misses.length) failed = true;
    console.log(
      `${page.name.padEnd(12)} ${String(row.performance).padStart(5)} ${String(row.accessibility).padStart(5)} ${String(row['best-practices']).padStart(5)} ${String(row.lcpMs).padStart(8)} ${String(row.tbtMs).padStart(8)} ${String(row.cls).padStart(6)}  ${misses.length ? `BELOW: ${misses.join(', ')}` : 'ok'}`,
    );
    for (const id of ['accessibility', 'best-practices']) {
      for (const ref of categories[id].auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          console.log(`    ${id}: ${audit.id}: ${audit.title}`);
      }
    }
  }
  console.log(
    `Thresholds: performance, accessibility, best practices ≥ ${THRESHOLDS.performance}; LCP ≤ ${THRESHOLDS.lcpMs} ms, TBT ≤ ${THRESHOLDS.tbtMs} ms, CLS ≤ ${THRESHOLDS.cls}`,
  );
} catch (error) {
  console.error(error);
  failed = true;
}
await stop(failed ? 1 : 0);
