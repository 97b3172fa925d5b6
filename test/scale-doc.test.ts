import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types.
import { forShow, perProcess } from '../scripts/capacity.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('docs/scale.md', () => {
  it("shows scripts/capacity.mjs's tables as the script prints them from the measured figures", () => {
    const printed = execFileSync(process.execPath, ['scripts/capacity.mjs'], { cwd: root, encoding: 'utf8' });
    const doc = readFileSync(path.join(root, 'docs/scale.md'), 'utf8');
    const tables = printed.split('\n\n').filter((block) => block.startsWith('|'));
    expect(tables).toHaveLength(3);
    for (const table of tables) expect(doc).toContain(table.trim());
  });

  it('puts one process at the viewers measured through a reconnect storm, and scales shows from it', () => {
    const process = perProcess() as { viewers: number; binding: string };
    expect(process).toMatchObject({ viewers: 10_000, binding: 'reconnect storm (measured)' });
    const show = forShow(100_000) as { processes: number; postgres: { claimRushSeconds: number } };
    expect(show.processes).toBe(11);
    expect(show.postgres.claimRushSeconds).toBe(10);
  });
});
