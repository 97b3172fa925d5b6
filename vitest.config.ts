import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { POSTGRES_PASS } from './test/postgres-pass';

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

/**
 * Server test files that run one at a time, after all the others: they time a failover or a
 * restart against a limit, count frames or events in a time window of the real clock (a burst of
 * claims, a chat batch, a game starting 2.5 s after its setup), run several server processes
 * behind nginx, build the server, or stop and start database servers, and would be slowed or
 * disturbed by another file beside them.
 */
const serverFilesAlone = [
  'apps/server/test/chat/chat.test.ts',
  'apps/server/test/live/green-room-rollover.test.ts',
  'apps/server/test/tickets/claims-concurrency.test.ts',
  'apps/server/test/cluster/**/*.test.ts',
  'apps/server/test/compiled/**/*.test.ts',
  'apps/server/test/deploy/nginx-site.test.ts',
  'apps/server/test/faults/**/*.test.ts',
  'apps/server/test/live/live-restart.test.ts',
  'apps/server/test/live/live-stream.test.ts',
];

/**
 * `SERVER_TESTS=postgres-pass` (.ci/run's second pass, on PostgreSQL + Redis) keeps only the
 * server files whose answer can differ there, listed with their reasons in
 * test/postgres-pass.ts.
 */
const postgresPassOnly = process.env.SERVER_TESTS === 'postgres-pass';
const postgresPassFiles = Object.keys(POSTGRES_PASS).map((file) => `apps/server/test/${file}`);

/** The real app on a real database, over HTTP and sockets (apps/server/test/). */
function serverProject({
  name,
  include,
  exclude = [],
  fileParallelism,
  after = false,
}: {
  name: string;
  include: string[];
  exclude?: string[];
  fileParallelism: boolean;
  /** Runs after every other project's files (Vitest's group order). */
  after?: boolean;
}): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include: postgresPassOnly
        ? include
            .flatMap((glob) => globSync(glob, { cwd: root }))
            .filter((file) => postgresPassFiles.includes(file))
        : include,
      exclude: ['**/node_modules/**', ...exclude],
      fileParallelism,
      // A worker keeps the server's modules loaded from one file to the next: each file builds
      // its own app on its own database copy (test-app.ts) and Redis prefix (file-setup.ts, run
      // before every file), so nothing a file asserts lives in a module. Importing the server
      // afresh for every file was 40% of the server suite's CPU (docs/testing.md).
      isolate: false,
      sequence: { groupOrder: after ? 1 : 0 },
      // Each file starts a real app on a real database, and CI must pass on a loaded machine
      // (docs/testing.md): give them time. A test waits on events, so a quiet run is no slower.
      testTimeout: 90_000,
      hookTimeout: 120_000,
      // Migrates a database once per run, which each test app starts from a copy of
      // (test-app.ts); gives each file a Redis prefix of its own.
      globalSetup: ['apps/server/test/support/suite-setup.ts'],
      setupFiles: ['apps/server/test/support/file-setup.ts'],
      // @fastify/autoload imports the route and plugin files itself: through Vitest, so the
      // TypeScript is transformed (Node alone cannot load .ts), as its docs advise.
      server: { deps: { inline: ['@fastify/autoload'] } },
    },
  };
}

// `@test/…` is the component tests' shared edge (apps/web/test): one path from any folder, which
// the features' rule against `../../` imports allows.
const webResolve = {
  alias: {
    '@test': fileURLToPath(new URL('apps/web/test', import.meta.url)),
    '@': fileURLToPath(new URL('apps/web/src', import.meta.url)),
  },
};

/** Unit and integration tests of every workspace; browser tests are Playwright's (e2e/). */
export default defineConfig({
  test: {
    // Two files a core: a server file mostly waits on its app, its sockets and a show's clock
    // (one file a core kept the machine under half busy; two took Vitest from 446 to 321 s on two
    // cores, November 2026). server-alone still runs its files one at a time.
    maxWorkers: 2 * availableParallelism(),
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
      serverProject({
        name: 'server',
        include: ['apps/server/test/**/*.test.ts'],
        exclude: serverFilesAlone,
        // Most of a server test's time is spent waiting on its app and sockets: several files at
        // a time keep both cores busy.
        fileParallelism: true,
      }),
      serverProject({ name: 'server-alone', include: serverFilesAlone, fileParallelism: false, after: true }),
      {
        // Pure functions of the app, in Node (no DOM to start). vite/: the build's route budgets.
        resolve: webResolve,
        test: { name: 'web', include: ['apps/web/{src,vite}/**/*.test.ts'] },
      },
      {
        // Components rendered with Testing Library in happy-dom: a DOM only for the files that
        // render (*.test.tsx), so the pure tests above keep Node's quick start.
        resolve: webResolve,
        test: {
          name: 'web-components',
          include: ['apps/web/{src,test}/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup-dom.ts'],
        },
      },
    ].map(mustMatch),
  },
});
