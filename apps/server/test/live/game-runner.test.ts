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

describe('GameRunner.scanNow', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('scans at once when another process lets go of its games, and again after a scan under way', async () => {
    let scans = 0;
    let answerScan!: (gameIds: string[]) => void;
    const repository = {
      gamesToRun: () => {
        scans += 1;
        return new Promise<string[]>((resolve) => (answerScan = resolve));
      },
    } as unknown as LiveRepository;
    const runner = new GameRunner(repository, {} as LiveGames, () => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    runner.scanNow();
    expect(scans).toBe(0); // not started: a test app that runs no games stays idle

    runner.start();
    expect(scans).toBe(1);
    // Told during the scan: it may have read the leases before they were let go, so one more
    // follows at once, not after the usual half second.
    runner.scanNow();
    answerScan([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(scans).toBe(2);
    answerScan([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(scans).toBe(2);
    // Told between two scans: the next one starts now.
    runner.scanNow();
    expect(scans).toBe(3);
    answerScan([]);
    await vi.advanceTimersByTimeAsync(499);
    expect(scans).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(scans).toBe(4);

    answerScan([]);
    await runner.stop();
    runner.scanNow();
    await vi.advanceTimersByTimeAsync(1000);
    expect(scans).toBe(4);
  });
});
