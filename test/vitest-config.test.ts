import { describe, expect, it } from 'vitest';
import config, { mustMatch } from '../vitest.config';

// Vitest runs a project that matches no file as if all were well; the config refuses to load
// instead, so a moved folder cannot silently stop a workspace's tests.
describe('the Vitest config', () => {
  it('refuses a project that matches no test file, naming it', () => {
    expect(() => mustMatch({ test: { name: 'ghost', include: ['nowhere/**/*.test.ts'] } })).toThrow(
      "Vitest project 'ghost' matches no test file (nowhere/**/*.test.ts)",
    );
  });

  it('keeps a project that matches', () => {
    const project = { test: { name: 'repo', include: ['test/**/*.test.ts'] } };
    expect(mustMatch(project)).toBe(project);
  });

  it('has every workspace as a project', () => {
    const names = (config.test?.projects ?? []).map((project) =>
      typeof project === 'object' && 'test' in project ? project.test?.name : project,
    );
    // The server's multi-process and timing files run one at a time in a project of their own.
    expect(names).toEqual(['repo', 'game', 'protocol', 'server', 'server-alone', 'web', 'web-components']);
  });
});
