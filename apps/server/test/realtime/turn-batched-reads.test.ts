import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TurnBatchedReads } from '../../src/realtime/turn-batched-reads';

describe('reads batched by event-loop turn', () => {
  it('gives the callers of one turn one read of their key, begun after that turn', async () => {
    const reads: string[] = [];
    const batched = new TurnBatchedReads(async (key: string) => {
      reads.push(key);
      return `${key}#${reads.length}`;
    });
    const first = batched.get('a');
    const second = batched.get('a');
    const other = batched.get('b');
    expect(reads).toEqual([]); // nothing begins in the callers' own turn
    expect(await Promise.all([first, second, other])).toEqual(['a#1', 'a#1', 'b#2']);
    expect(reads).toEqual(['a', 'b']);
  });

  it('makes a caller that comes once the read has begun wait for a read of its own', async () => {
    let reads = 0;
    let release!: () => void;
    const batched = new TurnBatchedReads(async () => {
      reads += 1;
      const n = reads;
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return n;
    });
    const early = batched.get('game');
    await nextTurn(); // the first read has begun and is waiting
    const late = batched.get('game');
    release();
    expect(await early).toBe(1);
    expect(await late).toBe(2);
  });

  it('hands a failed read to every caller that shared it, and reads again next time', async () => {
    let fail = true;
    const batched = new TurnBatchedReads(async () => {
      if (fail) throw new Error('database restarting');
      return 'ok';
    });
    const results = await Promise.allSettled([batched.get('x'), batched.get('x')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batched.get('x')).toBe('ok');
  });
});
