import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Vitest skips a project that matches no file without a word, so a moved folder or a mistyped
 * glob would quietly stop testing a workspace: refuse to load instead.
 */
export function mustMatch(project: TestProjectInlineConfiguration): TestProjectInlineConfiguration {
  const { name, include = [] } = project.test ?? {};
  const files = globSync(include, { cwd: root, ignore: ['**/node_modules/**'] });
  if (files.length === 0) {
    throw new Error(
      `Vitest project '${String(name)}' matches no test file (${include.join(', ')}): add its tests or remove the project.`,
    );
  }
  return project;
}

/** Unit and integration tests of every workspace; browser tests are Playwright's (e2e/). */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'repo', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        test: { name: 'game', include: ['packages/game/test/**/*.test.ts'] },
      },
      {
        test: { name: 'protocol', include: ['packages/protocol/test/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // Each file starts a real app on a real database: give them time, one file at a time
          // on this two-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // @fastify/autoload imports the route and plugin files itself: through Vitest, so the
          // TypeScript is transformed (Node alone cannot load .ts), as its docs advise.
          server: { deps: { inline: ['@fastify/autoload'] } },
        },
      },
      {
        // Pure functions of the app, in Node: no DOM needed so far. vite/: the build's route budgets.
        resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/{src,vite}/**/*.test.{ts,tsx}'] },
      },
    ].map(mustMatch),
  },
});
