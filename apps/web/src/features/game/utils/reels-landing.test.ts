import { describe, expect, it } from 'vitest';
import type { LiveView } from '@ruthless/protocol';
import { potReelLanded, shownPot } from './reels-landing';

// The status bar during the reels: the engine's view already carries the multiplier (the reels
// land on it), so the screen must hold it back until the pot reel stops.
const spinning = {
  stage: 'reels',
  reels: { prizeBall: 42, potMultiplier: 3 },
  times: { reelsStartedAt: 10_000 },
  timings: { reelsMs: 4000 },
  prizes: { oneLine: 1000, twoLines: 2500, fullHouse: 10_000 },
  rolloverInPence: 500,
  statusBarData: { pot: 30_500 },
} as unknown as LiveView;

describe('the pot while the reels spin', () => {
  it('stays the plain full house (with any rollover) until the pot reel lands', () => {
    const landsAt = 10_000 + 0.85 * 4000;
    expect(potReelLanded(spinning, 0, 10_001)).toBe(false);
    expect(shownPot(spinning, false)).toEqual({ pot: 10_500, multiplier: 1 });
    expect(potReelLanded(spinning, 0, landsAt)).toBe(true);
    expect(shownPot(spinning, true)).toEqual({ pot: 30_500, multiplier: 3 });
  });

  it('lands later on a screen that shows the show later (stream latency)', () => {
    expect(potReelLanded(spinning, 2000, 10_000 + 0.85 * 4000)).toBe(false);
  });

  it('shows the multiplier once the reels stage is over', () => {
    expect(potReelLanded({ ...spinning, stage: 'draw' } as LiveView, 0, 0)).toBe(true);
  });
});
