// Measures a reload of a live show mid-draw (issue 41, item 13), as a player holding a ticket on a
// 390x844 phone: the time from the reload to (a) the first frame painted with the game screen's
// current ball and the ticket, and (b) the screen live again: a ball the host calls just after the
// reload, which only the server can tell the page, on screen. One JSON line per reload, with the
// load average beside it, and a summary (median, worst) at the end.
//
//   node scripts/measure-reload.mjs [--reloads 5] [--burners 0] [--warmup 20] [--port 4150] [--reuse-server]
//
// It starts the compiled e2e server (scripts/e2e-server.mjs: a fresh embedded database, the mail
// caught) on --port unless --reuse-server, so build the web app first (node scripts/build-web.mjs).
// --burners N runs N `yes > /dev/null` for the measurement only, to load the machine; they are
// stopped at the end (the machine is shared: keep such runs short).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { chromium, request as playwrightRequest } from '@playwright/test';

// watchTheScreen and the page.evaluate callbacks run in the page, with the browser's globals.
/* global window, document, requestAnimationFrame, MutationObserver */

const { values: args } = parseArgs({
  options: {
    reloads: { type: 'string', default: '5' },
    burners: { type: 'string', default: '0' },
    // Seconds the burners run before the first reload, so the load average has risen.
    warmup: { type: 'string', default: '20' },
    port: { type: 'string', default: '4150' },
    'reuse-server': { type: 'boolean', default: false },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const port = Number(args.port);
const baseURL = `http://127.0.0.1:${port}`;
const HOST_EMAIL = 'host@ruthless.test'; // in the e2e server's ADMIN_EMAILS
const PASSWORD = 'reload-pass-1';
const figure = (fields) => console.log(JSON.stringify(fields));
const loadAverage = () => os.loadavg().map((load) => Number(load.toFixed(2)));

const children = [];
function stopChildren() {
  for (const child of children.splice(0)) {
    try {
      process.kill(child.detached ? -child.pid : child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopChildren();
    process.exit(130);
  });
}

async function waitForHealth(deadlineMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    try {
      if ((await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`no ${baseURL}/health within ${deadlineMs} ms`);
}

let addressCount = 0;
/** The server limits sign-ups per client address: each person here names one of their own. */
const uniqueAddress = () => `10.41.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;
const claimsOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

async function ok(response, what) {
  if (response.status() >= 300) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response;
}

async function identityToken(request, address) {
  const response = await ok(
    await request.get('/api/auth/token', { headers: { 'x-forwarded-for': address } }),
    'token',
  );
  return (await response.json()).token;
}

const postJson = (request, url, data, headers = {}) =>
  request.post(url, { data, headers: { origin: baseURL, ...headers } });

/** The newest reset link the e2e server's mail catcher kept for the host. */
async function newestResetCode() {
  const mailFile = path.join(root, 'test-results', `e2e-mail-${port}.jsonl`);
  for (let tries = 0; tries < 100; tries++) {
    if (existsSync(mailFile)) {
      const links = readFileSync(mailFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((mail) => mail.to.includes(HOST_EMAIL))
        .flatMap((mail) => /forgot-password\?oobCode=([\w%-]+)/.exec(mail.text)?.[1] ?? []);
      if (links.length > 0) return decodeURIComponent(links.at(-1));
    }
    await sleep(100);
  }
  throw new Error('no reset mail for the host');
}

/** The host, signed up and with a proven mailbox (the host role needs one). */
async function signInHost() {
  const address = uniqueAddress();
  const headers = { 'x-forwarded-for': address };
  const request = await playwrightRequest.newContext({ baseURL });
  const signIn = () =>
    postJson(request, '/api/auth/sign-in/email', { email: HOST_EMAIL, password: PASSWORD }, headers);
  if ((await signIn()).status() !== 200) {
    await ok(
      await postJson(
        request,
        '/api/auth/sign-up/email',
        { email: HOST_EMAIL, password: PASSWORD, name: 'Show Host' },
        headers,
      ),
      'host sign-up',
    );
  }
  let token = await identityToken(request, address);
  if (claimsOf(token).role !== 'host') {
    await ok(
      await postJson(
        request,
        '/api/auth/request-password-reset',
        { email: HOST_EMAIL, redirectTo: '/forgot-password' },
        headers,
      ),
      'reset request',
    );
    const code = await newestResetCode();
    await ok(
      await postJson(request, '/api/auth/reset-password', { newPassword: PASSWORD, token: code }, headers),
      'reset',
    );
    await ok(await signIn(), 'host sign-in');
    token = await identityToken(request, address);
  }
  const auth = { authorization: token, 'x-forwarded-for': address };
  return {
    post: (url, data) => request.post(url, { headers: auth, data }),
    control: (gameUuid, action) => request.post(`/api/host/games/${gameUuid}/${action}`, { headers: auth }),
  };
}

/** A player signed up in `context` (its cookie signs the page in), registered, details saved. */
async function signUpPlayer(context) {
  const { request } = context;
  const address = uniqueAddress();
  const headers = { 'x-forwarded-for': address };
  const email = `reload-${Date.now()}-${addressCount}@ruthless.test`;
  await ok(
    await postJson(
      request,
      '/api/auth/sign-up/email',
      { email, password: PASSWORD, name: 'Reload Player' },
      headers,
    ),
    'sign-up',
  );
  let token = await identityToken(request, address);
  await ok(
    await postJson(
      request,
      '/api/operator/auth',
      { email, firstName: 'Reload', lastName: 'Player', operator: 'enlivon' },
      { ...headers, authorization: token },
    ),
    'register',
  );
  token = await identityToken(request, address);
  await ok(
    await request.put('/api/operator/user/details', {
      headers: { ...headers, authorization: token, origin: baseURL },
      data: {
        ruthlessChoice: 'share',
        alias: `R${String(Date.now()).slice(-6)}`,
        phoneNumber: '+447911123456',
        dobDay: 14,
        dobMonth: 2,
        dobYear: 1990,
        marketingAccepted: false,
      },
    }),
    'details',
  );
  return { token, address };
}

/**
 * Runs in every document of the page: the time (ms since the navigation began) of the first frame
 * with the current ball and the ticket on screen, and of the first frame showing each ball.
 */
function watchTheScreen() {
  const seen = { screen: null, balls: {}, loading: null, gameScreen: null, longTasks: [] };
  // The main thread's long tasks (over 50 ms): what a busy page costs before it is live.
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) seen.longTasks.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask', buffered: true });
  window.__reload = seen;
  const check = () => {
    if (seen.loading === null && document.querySelector('[role="progressbar"]'))
      seen.loading = performance.now();
    if (seen.gameScreen === null && document.querySelector('[data-testid="game-screen"]'))
      seen.gameScreen = performance.now();
    const ball = document.querySelector('[data-testid="current-ball"]')?.getAttribute('data-ball');
    const ticket = document.querySelector('[role="table"][aria-label="Ticket numbers"]');
    if (!ball) return;
    requestAnimationFrame(() => {
      const at = performance.now();
      if (ticket && seen.screen === null) seen.screen = at;
      seen.balls[ball] ??= at;
    });
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

const burners = [];
try {
  if (!args['reuse-server']) {
    const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(port) },
    });
    children.push(server);
  }
  await waitForHealth();
  const host = await signInHost();
  const room = await (
    await ok(
      await host.post('/api/host/rooms', {
        name: 'Reload Room',
        theme: 'DEFAULT',
        roomImage: '/rooms/ruby-rush.svg',
      }),
      'room',
    )
  ).json();
  const game = await (
    await ok(
      await host.post(`/api/host/rooms/${room.roomUuid}/games`, {
        gameStartTime: new Date(Date.now() + 10 * 60_000).toISOString(),
        maxTickets: 90,
        prizeLuckyFateSelections: 'pre-game',
        prizes: { oneLine: 1000, twoLines: 2500, fullHouse: 10000 },
        timings: {
          greenRoomMs: 30 * 60_000,
          reelsMs: 200,
          luckyFateMs: 200,
          ballIntervalMs: 300,
          ruthlessMs: 40_000,
          revealMs: 200,
        },
      }),
      'game',
    )
  ).json();

  const browser = await chromium.launch({
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
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  // The browser tests' tiny stand-in for the demo host's video (e2e/support/fixtures.ts).
  const media = path.join(root, 'e2e/support/media');
  await context.route(/\/media\/host-loop\.(webm|mp4)$/, (route) => {
    const kind = route.request().url().endsWith('.webm') ? 'webm' : 'mp4';
    return route.fulfill({
      body: readFileSync(path.join(media, `test-host.${kind}`)),
      contentType: `video/${kind}`,
    });
  });
  await context.addInitScript(watchTheScreen);
  const player = await signUpPlayer(context);
  await ok(
    await context.request.post('/api/purchase', {
      headers: { authorization: player.token, 'x-forwarded-for': player.address },
      data: { gameUuid: game.gameUuid, roomUuid: room.roomUuid, luckyFateCard: 0 },
    }),
    'claim',
  );
  const page = await context.newPage();
  await page.goto(`/game/${game.gameUuid}`);
  await page.getByRole('heading', { level: 1, name: 'Green Room' }).waitFor({ timeout: 60_000 });
  await ok(await host.control(game.gameUuid, 'start'), 'start');
  await page.getByTestId('current-ball').waitFor({ timeout: 60_000 });
  // Paused: from here the host calls each ball, so the reloads all happen mid-draw.
  await ok(await host.control(game.gameUuid, 'pause'), 'pause');
  await page.getByText('Paused', { exact: true }).waitFor({ timeout: 30_000 });

  for (let i = 0; i < Number(args.burners); i++) {
    const burner = spawn('yes', [], { stdio: ['ignore', 'ignore', 'ignore'] });
    burners.push(burner);
    children.push(burner);
  }
  if (burners.length > 0) await sleep(Number(args.warmup) * 1000);

  const results = [];
  for (let reload = 1; reload <= Number(args.reloads); reload++) {
    // Each reload starts from a screen that is live and settled.
    await page.waitForFunction(() => !document.body.textContent.includes('Reconnecting…'), null, {
      timeout: 60_000,
    });
    const shownBefore = await page.getByTestId('current-ball').getAttribute('data-ball');
    const load = loadAverage();
    await page.reload({ waitUntil: 'commit' });
    // Called once the new document is committed: the page that went cannot have seen it.
    await ok(await host.control(game.gameUuid, 'draw'), 'draw');
    // The ball called after the reload: the first other than the one shown before it.
    await page.waitForFunction(
      (before) => Object.keys(window.__reload?.balls ?? {}).some((ball) => ball !== before),
      shownBefore,
      { timeout: 180_000, polling: 100 },
    );
    const seen = await page.evaluate(() => window.__reload);
    const newBall = Object.keys(seen.balls).find((ball) => ball !== shownBefore);
    const requests = await page.evaluate(() =>
      Object.fromEntries(
        performance
          .getEntriesByType('resource')
          .filter((entry) =>
            /\/api\/(auth\/get-session|auth\/token|operator\/user)|\/assets\/(start-up-gate|game)-.*js$|\/media\/sfx\/click/.test(
              entry.name,
            ),
          )
          .map((entry) => [
            new URL(entry.name).pathname,
            `${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)}`,
          ]),
      ),
    );
    // Everything else the page asked for before it was live: what competes with the way back.
    const othersBeforeLive = await page.evaluate(
      ({ live, shown }) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < live && !shown.includes(new URL(entry.name).pathname))
          .map(
            (entry) =>
              `${new URL(entry.name).pathname.replace(/-[\w-]{8}\.(js|css)$/, '.$1')}@${Math.round(entry.startTime)}`,
          ),
      { live: seen.balls[newBall], shown: Object.keys(requests) },
    );
    const result = {
      name: 'reload-mid-draw',
      reload,
      burners: burners.length,
      loadingScreenAtMs: seen.loading === null ? null : Math.round(seen.loading),
      gameScreenAtMs: Math.round(seen.gameScreen),
      toScreenMs: Math.round(seen.screen),
      longTasksBeforeLiveMs: Math.round(
        seen.longTasks
          .filter(([start]) => start < seen.balls[newBall])
          .reduce((sum, [, duration]) => sum + duration, 0),
      ),
      toLiveMs: Math.round(seen.balls[newBall]),
      firstBallShown: Number(Object.entries(seen.balls).sort((a, b) => a[1] - b[1])[0]?.[0]),
      ballBeforeReload: Number(shownBefore),
      ballCalledAfterReload: Number(newBall),
      requestsDoneAtMs: requests,
      othersBeforeLive,
      loadAverageAtReload: load,
      loadAverageAfter: loadAverage(),
    };
    results.push(result);
    figure(result);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  figure({
    name: 'reload-mid-draw-summary',
    reloads: results.length,
    burners: burners.length,
    toScreenMedianMs: median(results.map((r) => r.toScreenMs)),
    toScreenWorstMs: Math.max(...results.map((r) => r.toScreenMs)),
    toLiveMedianMs: median(results.map((r) => r.toLiveMs)),
    toLiveWorstMs: Math.max(...results.map((r) => r.toLiveMs)),
    loadAverage: loadAverage(),
    cpus: os.availableParallelism(),
  });
  await browser.close();
} finally {
  stopChildren();
}
