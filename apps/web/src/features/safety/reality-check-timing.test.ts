import { describe, expect, it } from 'vitest';
import { STAGES } from '@ruthless/game';
import { nextRealityCheckInMs, realityCheckHeld } from './reality-check-timing';

describe('reality check timing', () => {
  it('waits only during the final’s choice on the game screen, and shows as soon as that stage ends', () => {
    expect(realityCheckHeld(true, 'ruthless')).toBe(true);
    for (const stage of STAGES.filter((s) => s !== 'ruthless'))
      expect(realityCheckHeld(true, stage)).toBe(false);
    // Off the game screen a stage left in the store holds nothing.
    expect(realityCheckHeld(false, 'ruthless')).toBe(false);
    expect(realityCheckHeld(true, null)).toBe(false);
  });

  it('comes at each whole interval since sign-in', () => {
    expect(nextRealityCheckInMs(0, 60)).toBe(60 * 60_000);
    expect(nextRealityCheckInMs(5 * 60_000, 15)).toBe(10 * 60_000);
    expect(nextRealityCheckInMs(61 * 60_000, 60)).toBe(59 * 60_000);
    expect(nextRealityCheckInMs(120 * 60_000, 60)).toBe(60 * 60_000);
  });
});
