import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameRunner } from '../../src/live/game-runner';
import type { LiveGames } from '../../src/live/live-games.service';
import type { LiveRepository } from '../../src/live/live.repository';

// The runner's own bookkeeping at shutdown, with the database's answers held back by hand (the
// runner against a real database: live-show.test.ts, live-restart.test.ts, cluster/failover.test.ts).
describe('GameRunner.stop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the step under way finish before it hands the lease back, and starts none after', async () => {
    const calls: string[] = [];
    let answerLease!: (held: boolean) => void;
    const repository = {
      gamesToRun: async () => {
        calls.push('scan');
        return ['game-1'];
      },
      holdLease: () => {
        calls.push('holdLease');
        return new Promise<boolean>((resolve) => (answerLease = resolve));
      },
      dropLease: async () => {
        calls.push('dropLease');
      },
    } as unknown as LiveRepository;
    const live = {
      get: async () => {
        calls.push('get');
        return undefined;
      },
    } as unknown as LiveGames;
    const errors: unknown[] = [];
    const runner = new GameRunner(repository, live, (error) => errors.push(error));
    // The runner's timers (its scan, each game's next step) run on Vitest's clock, moved by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });

    runner.start();
    await expect.poll(() => calls).toEqual(['scan', 'holdLease']);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(50);
    // Still waiting for the step: nothing handed back yet.
    expect(stopped).toBe(false);
    expect(calls).toEqual(['scan', 'holdLease']);

    answerLease(true);
    await stopping;
    expect(calls).toEqual(['scan', 'holdLease', 'get', 'dropLease']);
    // Nothing more once stopped, however long the process lives on.
    await vi.advanceTimersByTimeAsync(1200);
    expect(calls).toHaveLength(4);
    expect(errors).toEqual([]);
  });
});
