import { describe, expect, it } from 'vitest';
import { GroupedCalls } from '../../src/db/grouped-calls';

/** A run whose groups are answered when the test says so. */
function heldRuns() {
  const groups: { key: string; inputs: number[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const calls = new GroupedCalls<number, string>(
    (key, inputs) =>
      new Promise((resolve, reject) =>
        groups.push({
          key,
          inputs,
          answer: () => resolve(inputs.map((input) => `${key}:${input}`)),
          fail: reject,
        }),
      ),
    { maxGroup: 3, inFlight: 1 },
  );
  const started = (count: number) =>
    new Promise<void>(function check(resolve) {
      if (groups.length >= count) resolve();
      else setImmediate(() => check(resolve));
    });
  return { calls, groups, started };
}

describe('grouped calls', () => {
  it('runs the calls of one turn together, and those that come while it runs in the next group', async () => {
    const { calls, groups, started } = heldRuns();
    const first = [1, 2].map((input) => calls.call('game', input));
    await started(1);
    expect(groups.map((group) => group.inputs)).toEqual([[1, 2]]);
    const waiting = [3, 4, 5, 6].map((input) => calls.call('game', input));
    groups[0]!.answer();
    expect(await Promise.all(first)).toEqual(['game:1', 'game:2']);
    await started(2);
    // At most maxGroup per group, one group in flight per key.
    expect(groups.map((group) => group.inputs)).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    groups[1]!.answer();
    await started(3);
    expect(groups[2]!.inputs).toEqual([6]);
    groups[2]!.answer();
    expect(await Promise.all(waiting)).toEqual(['game:3', 'game:4', 'game:5', 'game:6']);
  });

  it('keeps keys apart, and fails only the group whose run failed', async () => {
    const { calls, groups, started } = heldRuns();
    const a = calls.call('a', 1);
    const b = calls.call('b', 1);
    await started(2);
    expect(groups.map((group) => [group.key, group.inputs])).toEqual([
      ['a', [1]],
      ['b', [1]],
    ]);
    groups[0]!.fail(new Error('the database went away'));
    groups[1]!.answer();
    await expect(a).rejects.toThrow('the database went away');
    expect(await b).toBe('b:1');
    // The key is usable again after a failure.
    const again = calls.call('a', 2);
    await started(3);
    groups[2]!.answer();
    expect(await again).toBe('a:2');
  });
});
