// `npm start` runs the server compiled to JavaScript (apps/server/dist), so a start compiles
// nothing; this compiles it again only when its sources changed since the last build (a
// fingerprint, as build-web.mjs). `--force` builds anyway. `npm run dev` and the tests run the
// TypeScript sources with tsx and Vitest instead.
//
// Each TypeScript module becomes one JavaScript module at the same place in the tree (the
// workspace packages under dist/_packages), with its imports rewritten to those files. So
// @fastify/autoload still finds plugins/ and routes/ by folder, each module is loaded once, and
// paths relative to a module (import.meta.url: the web app's build, the migrations) still hold.
// Everything else under src (the migrations) is copied beside. node_modules are imported as they are.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { sourceFingerprint } from './source-fingerprint.mjs';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');
const sourceFolders = {
  'apps/server/src': '.',
  'packages/game/src': '_packages/game',
  'packages/protocol/src': '_packages/protocol',
};
const inputs = [...Object.keys(sourceFolders), 'package-lock.json', 'scripts/build-server.mjs'];
const fingerprint = sourceFingerprint(root, inputs, path.join(dist, '.source-fingerprint'));
if (fingerprint.upToDate) process.exit(0);

/** Each source module (absolute path) and its output path in dist, without the extension. */
const outputOf = new Map();
for (const [folder, out] of Object.entries(sourceFolders)) {
  for (const file of readdirSync(path.join(root, folder), { recursive: true })) {
    if (file.endsWith('.ts')) outputOf.set(path.join(root, folder, file), path.join(out, file.slice(0, -3)));
  }
}

const started = performance.now();
// A module deleted from src must not stay in dist, where autoload would still load it.
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [...outputOf].map(([source, out]) => ({ in: source, out })),
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'one-file-per-module',
      setup(esbuild) {
        esbuild.onResolve({ filter: /.*/ }, async (args) => {
          if (args.kind === 'entry-point' || args.pluginData === 'resolving') return undefined;
          if (!args.path.startsWith('.') && !args.path.startsWith('@ruthless/')) return { external: true };
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
cpSync(path.join(server, 'src'), dist, { recursive: true, filter: (source) => !source.endsWith('.ts') });
fingerprint.save();
console.log(`Server compiled to apps/server/dist in ${Math.round(performance.now() - started)} ms.`);
