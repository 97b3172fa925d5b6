import { describe, expect, it } from 'vitest';
import { luckyFateLine } from './lucky-fate-line';

describe("the lobby row's lucky fate line", () => {
  it('invites a pick before the show', () => {
    expect(luckyFateLine('pre-game', false)).toBe('Lucky fate: pick your card when you claim');
    expect(luckyFateLine('in-game', false)).toBe('Lucky fate: pick your card live in the show');
  });

  it('no longer invites a pick at claim once the show is on air (no ticket can be claimed then)', () => {
    expect(luckyFateLine('pre-game', true)).toBe('Lucky fate: the cards were picked at claim');
    expect(luckyFateLine('in-game', true)).toBe('Lucky fate: the cards are picked live in the show');
    for (const mode of ['pre-game', 'in-game'] as const)
      expect(luckyFateLine(mode, true)).not.toContain('pick your card');
  });
});
