import type { Stage } from '@ruthless/game';

/** The final's choice: a reality check never covers it, and waits for the stage to end. */
export const REALITY_CHECK_HOLD_STAGE: Stage = 'ruthless';

/** Whether a reality check that is due must wait: on a game's screen during the final's choice. */
export const realityCheckHeld = (onGameScreen: boolean, stage: Stage | null): boolean =>
  onGameScreen && stage === REALITY_CHECK_HOLD_STAGE;

/** How long until the next whole interval since sign-in (a reload keeps the session's rhythm). */
export function nextRealityCheckInMs(playedMs: number, intervalMinutes: number): number {
  const intervalMs = intervalMinutes * 60_000;
  return intervalMs - (Math.max(0, playedMs) % intervalMs);
}
