// `npm start` runs the server compiled to JavaScript (apps/server/dist), rebuilt only when its
// sources changed (`--force` builds anyway). Each TypeScript module stays one module in place, for
// autoload's folders and import.meta.url paths; dependencies are bundled, since reading
// node_modules was most of a start's CPU. Run alone, or imported by start.mjs.
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sourceFingerprint } from './source-fingerprint.mjs';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');
const sourceFolders = {
  'apps/server/src': '.',
  'packages/game/src': '_packages/game',
  'packages/protocol/src': '_packages/protocol',
};
const external = [
  '@electric-sql/pglite', // its WebAssembly and data files
  '@node-rs/argon2', // a native addon
  '@resvg/resvg-js', // a native addon (the share card's rasteriser)
  'wawoff2', // 300 kB of WebAssembly in JavaScript, loaded only to draw a share card
  '@fastify/swagger', // its package.json
  '@fastify/swagger-ui', // the UI's static files
  'pino', // its transports' workers, by file name
];
/**
 * Removes the maps of the chunks that hold only dependencies' code: `--enable-source-maps` reads
 * and indexes every module's map at load (some 3 of the 5 MB of maps were these), and a stack
 * trace through them names no source of ours anyway.
 */
function dropDependencyOnlyMaps() {
  for (const file of readdirSync(dist, { recursive: true })) {
    if (!file.endsWith('.js.map')) continue;
    const map = path.join(dist, file);
    const { sources } = JSON.parse(readFileSync(map, 'utf8'));
    if (!sources.every((source) => source.includes('node_modules/'))) continue;
    const code = map.slice(0, -'.map'.length);
    const comment = `//# sourceMappingURL=${path.basename(map)}\n`;
    writeFileSync(code, readFileSync(code, 'utf8').replace(comment, ''));
    rmSync(map);
  }
}

const inputs = [...Object.keys(sourceFolders), 'package-lock.json', 'scripts/build-server.mjs'];
/** Compiles the server into apps/server/dist if its sources changed. */
export async function buildServer() {
  const fingerprint = sourceFingerprint(root, inputs, path.join(dist, '.source-fingerprint'));
  if (fingerprint.upToDate) return;
  // Loaded only to build: a start on an up-to-date build does without it.
  const { build, stop } = await import('esbuild');

  /** Each source module (absolute path) and its output path in dist, without the extension. */
  const outputOf = new Map();
  for (const [folder, out] of Object.entries(sourceFolders)) {
    for (const file of readdirSync(path.join(root, folder), { recursive: true })) {
      if (file.endsWith('.ts'))
        outputOf.set(path.join(root, folder, file), path.join(out, file.slice(0, -3)));
    }
  }

  const started = performance.now();
  // A module deleted from src must not stay in dist, where autoload would still load it.
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: [...outputOf].map(([source, out]) => ({ in: source, out })),
    outdir: dist,
    bundle: true,
    splitting: true,
    chunkNames: '_chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Maps point at the sources on disk: smaller maps, which --enable-source-maps reads at every start.
    sourcesContent: false,
    // The CommonJS dependencies bundled into these ES modules call require.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
    plugins: [
      {
        name: 'one-file-per-module',
        setup(esbuild) {
          esbuild.onResolve({ filter: /.*/ }, async (args) => {
            if (args.kind === 'entry-point' || args.pluginData === 'resolving') return undefined;
            if (!args.path.startsWith('.') && !args.path.startsWith('@ruthless/')) {
              const isExternal =
                args.path.startsWith('node:') ||
                external.some((name) => args.path === name || args.path.startsWith(`${name}/`));
              return isExternal ? { external: true } : undefined;
            }
            // A dependency's own relative imports: bundled as they are.
            if (!outputOf.has(args.importer)) return undefined;
            const { path: source, errors } = await esbuild.resolve(args.path, {
              kind: args.kind,
              importer: args.importer,
              resolveDir: args.resolveDir,
              pluginData: 'resolving',
            });
            if (errors.length > 0) return { errors };
            if (!outputOf.has(source))
              return { errors: [{ text: `${source} is not a TypeScript source to compile` }] };
            const relative = path.relative(path.dirname(outputOf.get(args.importer)), outputOf.get(source));
            return { path: `${relative.startsWith('.') ? '' : './'}${relative}.js`, external: true };
          });
        },
      },
    ],
  });
  dropDependencyOnlyMaps();
  cpSync(path.join(server, 'src'), dist, { recursive: true, filter: (source) => !source.endsWith('.ts') });
  // Its service process would otherwise live on beside the server start.mjs runs.
  await stop();
  fingerprint.save();
  console.log(`Server compiled to apps/server/dist in ${Math.round(performance.now() - started)} ms.`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
