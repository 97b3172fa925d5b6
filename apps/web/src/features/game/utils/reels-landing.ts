import type { LiveView } from '@ruthless/protocol';

/** When each reel stops, as a share of the reels stage (the third one, the pot's, last). */
export const REEL_STOPS = [0.45, 0.65, 0.85] as const;

/** The server time (ms) at which reel `index` stops on this screen, or null before the reels. */
export function reelStopsAt(view: LiveView, delayMs: number, index: number): number | null {
  if (view.times.reelsStartedAt === null || view.times.reelsStartedAt === undefined) return null;
  return view.times.reelsStartedAt + delayMs + REEL_STOPS[index]! * Math.max(view.timings.reelsMs, 1);
}

/** Whether the pot reel has landed on this screen: nothing it decides shows before. */
export function potReelLanded(view: LiveView, delayMs: number, now: number): boolean {
  if (!view.reels) return false;
  if (view.stage !== 'reels') return true;
  const at = reelStopsAt(view, delayMs, 2);
  return at !== null && now >= at;
}

/** The pot and its multiplier as the status bar may show them: x1 until the pot reel lands. */
export function shownPot(view: LiveView, landed: boolean): { pot: number; multiplier: number } {
  if (landed || !view.reels) {
    return { pot: view.statusBarData.pot, multiplier: view.reels?.potMultiplier ?? 1 };
  }
  return { pot: view.prizes.fullHouse + view.rolloverInPence, multiplier: 1 };
}
