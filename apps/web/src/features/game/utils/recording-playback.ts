/** A moment of the replay: its show clock (ms) at a wall time (ms). */
export interface PlayheadSample {
  clock: number;
  wall: number;
}

/** The replay's speeds (features/replay): a recording plays at one of them. */
const REPLAY_RATES = [1, 2, 4] as const;
/** Below this pace the playhead stands still (a paused replay: only the sampling's wobble moves it). */
const PAUSED_PACE = 0.5;
/** Above this pace (or backwards) the playhead jumped: a seek, not a speed. */
const SEEK_PACE = 6;

/**
 * Where a live show's recording is at the replay's playhead (the show's clock minus the
 * recording's start, in seconds) and at what rate it plays, from two samples of the playhead:
 * 0 paused (or not begun), null unknown (the first sample, or a seek: keep the rate).
 */
export function recordingPlayback(
  recordingStartMs: number,
  now: PlayheadSample,
  before: PlayheadSample | null,
): { seconds: number; rate: number | null } {
  // Before its first frame (the show began before the stream): it waits on that frame.
  if (now.clock < recordingStartMs) return { seconds: 0, rate: 0 };
  const seconds = (now.clock - recordingStartMs) / 1000;
  if (!before || now.wall <= before.wall) return { seconds, rate: null };
  const pace = (now.clock - before.clock) / (now.wall - before.wall);
  if (pace < 0 || pace > SEEK_PACE) return { seconds, rate: null };
  if (pace < PAUSED_PACE) return { seconds, rate: 0 };
  // The nearest speed: the playhead moves in ticks, so a sample's pace wobbles around it.
  const rate = REPLAY_RATES.reduce((best, next) =>
    Math.abs(next - pace) < Math.abs(best - pace) ? next : best,
  );
  return { seconds, rate };
}
