import { describe, expect, it } from 'vitest';
import { CHAT_STAGES, CLAIM_STAGES, FINISHED_STAGES, LIVE_STAGES, STAGES, isStage } from '../src';

// docs/game-rules.md: the stages in order and what each allows.
describe('the stages', () => {
  it('run from scheduled to ended, cancelled last', () => {
    expect(STAGES).toEqual([
      'scheduled',
      'green-room',
      'reels',
      'lucky-fate',
      'draw',
      'ruthless',
      'reveal',
      'ended',
      'cancelled',
    ]);
  });

  it('are live and open the chat from the green room until the results', () => {
    const show = ['green-room', 'reels', 'lucky-fate', 'draw', 'ruthless', 'reveal'];
    expect(LIVE_STAGES).toEqual(show);
    expect(CHAT_STAGES).toEqual(show);
  });

  it('take claims until the reels, and are over once ended or cancelled', () => {
    expect(CLAIM_STAGES).toEqual(['scheduled', 'green-room']);
    expect(FINISHED_STAGES).toEqual(['ended', 'cancelled']);
  });

  it('tell a stage from any other string', () => {
    expect(isStage('draw')).toBe(true);
    expect(isStage('intermission')).toBe(false);
  });
});
