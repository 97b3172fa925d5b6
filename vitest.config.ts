import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
