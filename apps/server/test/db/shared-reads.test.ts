import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { SharedReads } from '../../src/db/shared-reads';

describe('shared reads', () => {
  it('gives the callers of one turn one read of their key, begun after that turn', async () => {
    const reads: string[] = [];
    const shared = new SharedReads(
      async (key: string) => {
        reads.push(key);
        return `${key}#${reads.length}`;
      },
      { gatherMs: 0 },
    );
    const first = shared.get('a');
    const second = shared.get('a');
    const other = shared.get('b');
    expect(reads).toEqual([]); // nothing begins in the callers' own turn
    expect(await Promise.all([first, second, other])).toEqual(['a#1', 'a#1', 'b#2']);
    expect(reads).toEqual(['a', 'b']);
  });

  it('makes the callers that come while a read runs share the next one, begun when it ends', async () => {
    let reads = 0;
    let release!: () => void;
    const shared = new SharedReads(
      async () => {
        reads += 1;
        const n = reads;
        if (n === 1) await new Promise<void>((resolve) => (release = resolve));
        return n;
      },
      { gatherMs: 0 },
    );
    const early = shared.get('game');
    await nextTurn(); // the first read has begun and is waiting
    const late = [shared.get('game'), shared.get('game')];
    await nextTurn();
    await nextTurn();
    expect(reads).toBe(1); // the late callers wait for the running read to end
    release();
    expect(await early).toBe(1);
    expect(await Promise.all(late)).toEqual([2, 2]);
    expect(reads).toBe(2);
  });

  it("gathers the callers of the first one's gathering time into its read", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let reads = 0;
      const shared = new SharedReads(async () => ++reads, { gatherMs: 10 });
      const first = shared.get('game');
      await vi.advanceTimersByTimeAsync(9);
      const second = shared.get('game');
      expect(reads).toBe(0); // still gathering
      await vi.advanceTimersByTimeAsync(1);
      expect(await Promise.all([first, second])).toEqual([1, 1]);
      const later = shared.get('game');
      await vi.advanceTimersByTimeAsync(10);
      expect(await later).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a failed read to every caller that shared it, and reads again next time', async () => {
    let fail = true;
    const shared = new SharedReads(async () => {
      if (fail) throw new Error('database restarting');
      return 'ok';
    });
    const results = await Promise.allSettled([shared.get('x'), shared.get('x')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await shared.get('x')).toBe('ok');
  });
});
