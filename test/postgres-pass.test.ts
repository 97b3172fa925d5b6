import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { OWN_SERVERS_ONCE, POSTGRES_PASS } from './postgres-pass';

const serverTests = 'apps/server/test';
const files = globSync('**/*.test.ts', { cwd: serverTests });

/** What shows a test file reaching SQL or Redis itself, not only through the app's routes. */
const REACHES_SQL_OR_REDIS = [
  /sql`/,
  /\.execute\(/,
  /\.query\(/,
  /\bdb\.(select|insert|update|delete)\b/,
  /support\/(fixtures|cluster)'/,
  /createScratchDatabase/,
  /process\.env\.(DATABASE_URL|REDIS_URL)/,
  /from '(ioredis|redis|pg)'/,
];

// .ci/run's second pass (PostgreSQL + Redis) runs only the files of test/postgres-pass.ts:
// a file that reaches SQL or Redis directly and is left out would be tested on PGlite alone.
describe("the PostgreSQL pass's list", () => {
  it('holds every server test file that reaches SQL or Redis directly', () => {
    const reaching = files.filter((file) => {
      const source = readFileSync(`${serverTests}/${file}`, 'utf8');
      return REACHES_SQL_OR_REDIS.some((pattern) => pattern.test(source));
    });
    expect(reaching.length).toBeGreaterThan(10);
    expect(reaching.filter((file) => !(file in POSTGRES_PASS) && !(file in OWN_SERVERS_ONCE))).toEqual([]);
  });

  it('lists only test files that exist, each with its reason', () => {
    const listed = { ...POSTGRES_PASS, ...OWN_SERVERS_ONCE };
    expect(Object.keys(listed).filter((file) => !files.includes(file))).toEqual([]);
    for (const [file, reason] of Object.entries(listed)) expect(reason, file).not.toBe('');
  });
});
