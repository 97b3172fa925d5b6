import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The Node.js versions the README names are the root package.json's `engines.node`, and every
// package the lockfile installs must run on each of them: the oldest of each major line it
// admits (20.19.0, 22.13.0, 24.0.0). A dependency that moves to a newer Node (npm's EBADENGINE)
// fails here, naming it; pin it back with an `overrides` entry or narrow `engines` and the README.
// The pins in package.json's overrides, each with the same API as the version it replaces:
// - @fastify/static's content-disposition 2.0.1 (3.0.0 needs Node 22): it calls only `create`,
//   the same in both (3.0 is the ESM build, with a stricter `parse`);
// - light-my-request's cookie 1.1.1 (2.0.2 needs Node 22): it calls only
//   `stringifySetCookie({ name, value })`, which 1.1 has (2.0 encodes fewer characters), for the
//   `cookies` option of Fastify's `inject`, which nothing here uses;
// - rollup's optional @napi-rs/lzma-linux-x64-gnu 1.4.5 (1.5.3 needs Node 22.20): for rollup's
//   own release builds, never loaded when rollup runs.

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface LockedPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}

const supported = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> };

/** The oldest version of each `||` alternative of a range: '^20.19.0 || >=24' gives 20.19.0 and 24.0.0. */
function oldestOfEachLine(range: string): string[] {
  return new semver.Range(range).set.map(
    (comparators) => semver.minVersion(comparators.map((comparator) => comparator.value).join(' '))!.version,
  );
}

/** A package's node range: `engines.node`, or the old array form ['node >= 0.8']. */
function nodeRange(engines: LockedPackage['engines']): string | undefined {
  if (Array.isArray(engines)) return engines.find((entry) => /^node\b/.test(entry))?.replace(/^node\s*/, '');
  return engines?.node;
}

describe("the Node.js versions package.json's engines and the README name", () => {
  const lowest = oldestOfEachLine(supported);

  it('are read as the oldest of each major line, the lowest first', () => {
    expect(oldestOfEachLine('^20.19.0 || ^22.13.0 || >=24')).toEqual(['20.19.0', '22.13.0', '24.0.0']);
    expect(lowest[0]).toBe(semver.minVersion(supported)!.version);
  });

  it.each(lowest)('every package in package-lock.json runs on Node %s', (version) => {
    const refusing = Object.entries(lock.packages)
      .filter(([location]) => location !== '')
      .flatMap(([location, locked]) => {
        const range = nodeRange(locked.engines);
        return range && !semver.satisfies(version, range)
          ? [`${location.replace(/^.*node_modules\//, '')}@${locked.version} needs node ${range}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });

  it("the README says which versions are supported, in engines' words", () => {
    expect(read('README.md')).toContain(`\`${supported}\``);
  });
});
