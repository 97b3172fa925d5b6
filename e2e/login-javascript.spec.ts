import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type Page, type Response, type Route } from './support/fixtures';

// /login's JavaScript before a person can type (issue 30). The build's route budget
// (apps/web/vite/route-budgets.ts) reads the chunk graph, where a dynamic import does not say
// whether the email field waits for it: the browser judges here. Every script /login loads is
// held back in turn; the ones without which the email field never takes typing are what a
// person waits for, counted as the build counts (gzip level 9, kB of 1000 bytes; the server
// sends brotli, a little smaller). docs/web-quality.md, JavaScript per route.

const BUDGET_KB = 120;

const isScript = (url: string) => new URL(url).pathname.endsWith('.js');
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

interface Script {
  url: string;
  file: string;
  /** Gzipped at level 9, as the build counts. */
  gzip: number;
  /** As sent (the server's precompressed brotli). */
  sent: number;
}

interface Visit {
  /** The email field took typing within the time allowed. */
  ready: boolean;
  ms: number;
  /** The scripts answered by then, in the order they came. */
  scripts: Script[];
}

async function measure(response: Response): Promise<Script> {
  return {
    url: response.url(),
    file: new URL(response.url()).pathname.split('/').at(-1)!,
    gzip: gzipSync(await response.body(), { level: 9 }).length,
    sent: (await response.request().sizes()).responseBodySize,
  };
}

/**
 * Opens /login in a fresh context (nothing cached) at the phone's size and waits up to `within` ms
 * for the email field to take typing; the scripts `hold` picks get no answer until `released`, if
 * ever. `then` goes on with the page once the field is there.
 */
async function visitLogin(
  browser: Browser,
  {
    within,
    hold = () => false,
    released = new Promise(() => undefined),
    then,
  }: {
    within: number;
    hold?: (url: string) => boolean;
    released?: Promise<void>;
    then?: (page: Page) => Promise<void>;
  },
): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await page.route(
      (url) => isScript(url.href),
      async (route: Route) => {
        if (hold(route.request().url())) await released;
        await route.continue().catch(() => undefined);
      },
    );
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (isScript(response.url())) scripts.push(response);
    });
    const start = Date.now();
    // Not to the load event, which a held-back script holds back too.
    await page.goto('/login', { waitUntil: 'commit' });
    const email = page.getByLabel('Email');
    const ready = await expect(email)
      .toBeEditable({ timeout: within })
      .then(() => expect(email).toBeVisible({ timeout: 1 }))
      .then(
        () => true,
        () => false,
      );
    const ms = Date.now() - start;
    const answered = await Promise.all([...scripts].map(measure));
    if (ready && then) await then(page);
    return { ready, ms, scripts: answered };
  } finally {
    // A script still held back would keep its handler, and the close, waiting.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  }
}

test('the email field on /login takes typing after less than 120 kB of gzipped JavaScript', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const first = await visitLogin(browser, { within: 30_000 });
  expect(first.ready, 'the email field shows on /login').toBe(true);
  const { scripts } = first;

  // Long enough that a script the field does not need cannot pass for one it does on a busy machine.
  const within = Math.max(5_000, 3 * first.ms);
  const needed: Script[] = [];
  for (const script of scripts) {
    const visit = await visitLogin(browser, { within, hold: (url) => url === script.url });
    if (!visit.ready) needed.push(script);
  }

  const sum = (list: Script[], size: 'gzip' | 'sent') =>
    list.reduce((total, script) => total + script[size], 0);
  const table = scripts
    .map(
      (script) =>
        `  ${needed.includes(script) ? 'needed' : '      '} ${kb(script.gzip).padStart(6)} kB gzip ${kb(script.sent).padStart(6)} kB sent  ${script.file}`,
    )
    .join('\n');
  console.log(
    `/login: the email field took typing after ${first.ms} ms and ${scripts.length} scripts ` +
      `(${kb(sum(scripts, 'gzip'))} kB gzip, ${kb(sum(scripts, 'sent'))} kB sent); ` +
      `it needs ${needed.length} (${kb(sum(needed, 'gzip'))} kB gzip, ${kb(sum(needed, 'sent'))} kB sent):\n${table}`,
  );

  // The entry is needed: a probe that holds a needed script back does see the field missing.
  expect(needed.map((script) => script.file)).toContainEqual(expect.stringMatching(/^index-/));
  expect(
    sum(needed, 'gzip') / 1000,
    `/login's email field waits for more than ${BUDGET_KB} kB of gzipped JS`,
  ).toBeLessThan(BUDGET_KB);

  // Typed before the rest came, and kept once it has: with every other script held back (the
  // form's checks too, asked for once it is touched), a person types an address and a password and
  // signs in; the checks answer once they come.
  const neededUrls = new Set(needed.map((script) => script.url));
  let release: () => void = () => undefined;
  const held = await visitLogin(browser, {
    within: 30_000,
    hold: (url) => !neededUrls.has(url),
    released: new Promise<void>((resolve) => (release = resolve)),
    then: async (page) => {
      const email = page.getByLabel('Email');
      const password = page.getByLabel('Password');
      await email.pressSequentially('nope@');
      await password.pressSequentially('secret-123');
      await page.getByRole('button', { name: 'Sign in' }).click();
      release();
      await expect(page.getByRole('list', { name: 'Form errors' }).getByRole('listitem')).toHaveText([
        'Please enter a valid email address',
      ]);
      await expect(email).toHaveValue('nope@');
      await expect(password).toHaveValue('secret-123');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toBeFocused();
    },
  });
  expect(held.ready, 'the email field takes typing with every script it does not need held back').toBe(true);
});
