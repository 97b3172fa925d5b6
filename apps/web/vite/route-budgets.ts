import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** One entry of Vite's build manifest (`build.manifest: true`), keyed by source path. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * What each route loads beyond the entry: the chunks its router entries import on demand
 * (apps/web/src/app/router.tsx), by chunk name (a lazy module's file name). Budgets are gzipped
 * JavaScript, in kB (1000 bytes, as Vite prints them); see docs/web-quality.md.
 */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  // What the email field waits for: e2e/login-javascript.spec.ts, which holds back each script the
  // page loads in turn, is the judge (a dynamic import on the field's way would escape this count).
  // It finds the entry and the login chunk with its static imports, which is what this counts.
  { route: '/login', chunks: ['login'], maxKb: 120 },
  { route: '/', chunks: ['start-up-gate', 'player-shell', 'lobby'], maxKb: 170 },
  { route: '/game/{id}', chunks: ['start-up-gate', 'player-shell', 'game'], maxKb: 230 },
  // Watch again: the game screen with the engine's fold of the published log.
  { route: '/game/{id}/replay', chunks: ['start-up-gate', 'player-shell', 'game-replay'], maxKb: 240 },
  // An ended show's public results, the page a shared link opens: no start-up gate.
  { route: '/game/{id}/results', chunks: ['game-results'], maxKb: 150 },
];

export interface RouteBudget {
  route: string;
  chunks: readonly string[];
  /** The budget. */
  maxKb: number;
  /** Where a route still over its budget is held meanwhile. */
  ceilingKb?: number;
}

export interface RouteSize {
  route: string;
  maxKb: number;
  ceilingKb?: number;
  /** The JS files the route loads, entry first. */
  files: string[];
  gzipBytes: number;
}

/** The JS files of `keys` (manifest keys) and of everything they import statically, transitively. */
export function staticFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/**
 * The entry chunk plus everything the route's lazy chunks import statically, transitively (what
 * the browser fetches: Vite preloads a lazy chunk's static imports with it).
 */
export function routeFiles(manifest: Manifest, chunks: readonly string[]): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The build manifest has no entry');
  const lazy = manifest[entry]!.dynamicImports ?? [];
  const keys = chunks.map((name) => {
    const key = lazy.find((candidate) => manifest[candidate]?.name === name);
    if (!key) throw new Error(`The entry imports no chunk named '${name}' on demand`);
    return key;
  });
  return staticFiles(manifest, [entry, ...keys]);
}

/** Each route's gzipped JS, given the manifest and a reader of the built files. */
export function measureRoutes(manifest: Manifest, read: (file: string) => string | Uint8Array): RouteSize[] {
  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(read(file), { level: 9 }).length;
      gzipped.set(file, bytes);
    }
    return bytes;
  };
  return ROUTE_BUDGETS.map(({ route, chunks, maxKb, ceilingKb }) => {
    const files = routeFiles(manifest, chunks);
    return { route, maxKb, ceilingKb, files, gzipBytes: files.reduce((sum, file) => sum + size(file), 0) };
  });
}

export function formatRouteSizes(sizes: RouteSize[]): string {
  return sizes
    .map(({ route, maxKb, files, gzipBytes }) => {
      const kb = gzipBytes / 1000;
      const verdict = kb <= maxKb ? 'ok' : 'OVER BUDGET';
      return `  ${route.padEnd(12)} ${kb.toFixed(1).padStart(6)} kB gzip JS (budget ${maxKb} kB, ${files.length} files) ${verdict}`;
    })
    .join('\n');
}

/** Prints each route's JS after a build (the budgets themselves are checked by the test suite). */
export function routeBudgetReport(): Plugin {
  return {
    name: 'ruthless:route-budgets',
    apply: 'build',
    writeBundle(_options, bundle) {
      const manifestAsset = bundle['.vite/manifest.json'];
      if (manifestAsset?.type !== 'asset') return;
      const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
      const read = (file: string) => {
        const output = bundle[file];
        if (!output) throw new Error(`${file} is not in the bundle`);
        return output.type === 'chunk' ? output.code : output.source;
      };
      try {
        console.log(`\nJavaScript per route:\n${formatRouteSizes(measureRoutes(manifest, read))}`);
      } catch (error) {
        // The budget test reports this too; the build itself is fine.
        this.warn(`Could not measure the routes' JavaScript: ${String(error)}`);
      }
    },
  };
}
