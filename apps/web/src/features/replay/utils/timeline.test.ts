import { describe, expect, it } from 'vitest';
import type { PublishedGameEvent } from '@ruthless/game';
import { clock, nextWin, positionFromAddress, timelineOf } from './timeline';

const events = [
  { type: 'ticket-claimed', at: 1, ticketIndex: 0, playerId: 'a', luckyFatePick: null },
  { type: 'green-room-opened', at: 10_000 },
  { type: 'ball-called', at: 20_000, ball: 7 },
  { type: 'ball-called', at: 21_000, ball: 8 },
  { type: 'ball-called', at: 22_000, ball: 9 },
  { type: 'ruthless-started', at: 23_000 },
  { type: 'game-ended', at: 40_000 },
] as unknown as PublishedGameEvent[];
const awards = [
  { prize: 'one-line' as const, ball: 7, winners: [{ playerId: 'a' }] },
  { prize: 'two-lines' as const, ball: 8, winners: [{ playerId: 'b' }] },
  { prize: 'full-house' as const, ball: 9, winners: [{ playerId: 'a' }] },
];

describe('the replay timeline', () => {
  it('runs from the green room to just after the end, marked at each win and the final', () => {
    const timeline = timelineOf(events, awards, 'a');
    expect(timeline.start).toBe(10_000);
    expect(timeline.end).toBe(45_000);
    expect(timeline.marks).toEqual([
      { at: 20_000, kind: 'one-line', mine: true },
      { at: 21_000, kind: 'two-lines', mine: false },
      { at: 22_000, kind: 'full-house', mine: true },
      { at: 23_000, kind: 'final', mine: false },
    ]);
    expect(nextWin(timeline, 10_000)).toBe(20_000);
    expect(nextWin(timeline, 20_000)).toBe(22_000);
    // After the last of them, back to the first.
    expect(nextWin(timeline, 30_000)).toBe(20_000);
    expect(nextWin(timelineOf(events, awards, null), 0)).toBeNull();
  });

  it('reads the position from the address inside the timeline, and prints it', () => {
    const timeline = timelineOf(events, awards, null);
    expect(positionFromAddress(timeline, '12')).toBe(22_000);
    expect(positionFromAddress(timeline, null)).toBe(10_000);
    expect(positionFromAddress(timeline, '-3')).toBe(10_000);
    expect(positionFromAddress(timeline, 'soon')).toBe(10_000);
    expect(positionFromAddress(timeline, '9999')).toBe(45_000);
    expect(clock(125_400)).toBe('2:05');
  });
});
