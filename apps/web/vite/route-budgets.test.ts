import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatRouteSizes, measureRoutes, routeFiles, staticFiles, type Manifest } from './route-budgets';

const root = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(root, 'apps/web/dist');
let manifest: Manifest;

/** The JavaScript budgets of docs/web-quality.md, on the production build's chunk graph. */
describe('the web app JavaScript per route', () => {
  beforeAll(() => {
    // Builds only when the app's sources changed since the last build (a fingerprint beside it).
    // Vitest runs with NODE_ENV=test, which would make Vite build React's development bundles.
    const build = spawnSync(process.execPath, ['scripts/build-web.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    expect(build.status, build.stderr).toBe(0);
    manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  }, 300_000);

  it('stays within each route budget', () => {
    const sizes = measureRoutes(manifest, (file) => readFileSync(path.join(dist, file)));
    console.log(formatRouteSizes(sizes));
    for (const { route, maxKb, ceilingKb, gzipBytes } of sizes) {
      const limit = ceilingKb ?? maxKb;
      expect(gzipBytes / 1000, `${route} loads more than ${limit} kB of gzipped JS`).toBeLessThanOrEqual(
        limit,
      );
    }
  });

  it('loads hls.js only on demand, never with the game screen', () => {
    const hls = Object.keys(manifest).find((key) => key.includes('node_modules/hls.js/'));
    expect(hls, 'hls.js is bundled as a chunk of its own').toBeDefined();
    const hlsFile = manifest[hls!]!.file;
    expect(manifest[hls!]!.isDynamicEntry).toBe(true);
    expect(routeFiles(manifest, ['start-up-gate', 'player-shell', 'game'])).not.toContain(hlsFile);
    // No chunk imports it statically.
    for (const chunk of Object.values(manifest)) expect(chunk.imports ?? []).not.toContain(hls);
  });

  it('loads the field vitals reporter without zod, so it never delays a first screen', () => {
    const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
    const hasZod = (file: string) => read(file).includes('$ZodType');
    expect(
      Object.values(manifest).some((chunk) => hasZod(chunk.file)),
      'zod is in the build',
    ).toBe(true);
    expect(routeFiles(manifest, ['web-vitals']).filter(hasZod)).toEqual([]);
  });

  it("gives the landing's form neither zod nor the form library nor Better Auth's client", () => {
    // Each marked by a name minifying keeps: zod's base type, react-hook-form's default options,
    // Better Auth's session signal. The browser test (e2e/login-javascript.spec.ts) judges the rest.
    const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
    for (const marker of ['$ZodType', 'shouldFocusError', '$sessionSignal']) {
      const hasMarker = (file: string) => read(file).includes(marker);
      expect(
        Object.values(manifest).some((chunk) => hasMarker(chunk.file)),
        `${marker} is in the build`,
      ).toBe(true);
      expect(routeFiles(manifest, ['login']).filter(hasMarker), marker).toEqual([]);
    }
  });

  it("checks a signed-in start's settings answer without libphonenumber", () => {
    // The start-up gate's GET /api/operator/user loads protocol/user-settings.ts; user.ts's input
    // schemas bring libphonenumber (its metadata's field name marks it).
    const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
    const marker = 'countryCallingCode';
    expect(
      Object.values(manifest).some(
        (chunk) => chunk.file.endsWith('.js') && read(chunk.file).includes(marker),
      ),
      'libphonenumber is in the build',
    ).toBe(true);
    const settingsQuery = Object.values(manifest).find((chunk) => chunk.name === 'get-user-settings');
    expect(settingsQuery?.dynamicImports, 'the settings query loads its schema on demand').toHaveLength(1);
    const settingsFiles = staticFiles(manifest, settingsQuery!.dynamicImports!);
    expect(settingsFiles.filter((file) => read(file).includes(marker))).toEqual([]);
  });

  it("preloads the two font files cut to the app's characters, and no other", () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map(
      (match) => match[1],
    );
    expect(preloads).toHaveLength(2);
    // One of each, in whatever order the build writes them.
    expect(preloads.filter((href) => /luckiest-guy-app-/.test(href!))).toHaveLength(1);
    expect(preloads.filter((href) => /nunito-app-wght-/.test(href!))).toHaveLength(1);
  });
});
