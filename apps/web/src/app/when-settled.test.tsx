import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenSettled } from './when-settled';

// Work put off until the page has settled: it runs once, seconds after the load, and not at all
// once the screen that asked for it has cancelled it (a player who left the game at once).
describe('whenSettled', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the task once the page has settled, and never after it is cancelled', async () => {
    vi.useFakeTimers();
    const kept = vi.fn();
    const cancelled = vi.fn();
    whenSettled(kept);
    const cancel = whenSettled(cancelled);
    cancel();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(kept).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(kept).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
