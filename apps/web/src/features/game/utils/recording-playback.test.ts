import { describe, expect, it } from 'vitest';
import { recordingPlayback } from './recording-playback';

const START = 1_000_000;

describe('a live show’s recording in a replay', () => {
  it('is at the show’s clock minus its start, held on its first frame before it', () => {
    expect(recordingPlayback(START, { clock: START + 12_500, wall: 0 }, null)).toEqual({
      seconds: 12.5,
      rate: null,
    });
    // The show began before the stream: its first frame waits.
    expect(recordingPlayback(START, { clock: START - 3_000, wall: 0 }, null)).toEqual({
      seconds: 0,
      rate: 0,
    });
  });

  it('plays at the replay’s speed, despite the ticks’ wobble', () => {
    const at = (clock: number, wall: number) => ({ clock: START + clock, wall });
    expect(recordingPlayback(START, at(1_400, 1_500), at(1_000, 1_000)).rate).toBe(1);
    expect(recordingPlayback(START, at(1_600, 1_500), at(1_000, 1_000)).rate).toBe(1);
    expect(recordingPlayback(START, at(2_100, 1_500), at(1_000, 1_000)).rate).toBe(2);
    expect(recordingPlayback(START, at(3_000, 1_500), at(1_000, 1_000)).rate).toBe(4);
  });

  it('pauses with the replay and keeps its rate across a seek', () => {
    const at = (clock: number, wall: number) => ({ clock: START + clock, wall });
    expect(recordingPlayback(START, at(1_080, 1_500), at(1_000, 1_000)).rate).toBe(0);
    expect(recordingPlayback(START, at(60_000, 1_500), at(1_000, 1_000))).toEqual({
      seconds: 60,
      rate: null,
    });
    expect(recordingPlayback(START, at(500, 1_500), at(9_000, 1_000))).toEqual({ seconds: 0.5, rate: null });
  });
});
