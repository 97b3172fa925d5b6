import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { serverNow, useServerClockStore } from '@/stores/server-clock-store';

/** docs/player-app.md (Constants): the countdown ticks once a second. */
export const COUNTDOWN_TICK_MS = 1000;

/** docs/player-app.md (State kept by the app) "Countdown value", plus the whole days left for the lobby's 'days' box. */
export interface CountdownValue {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole days left (weeks, months and years included). */
  totalDays: number;
  completed: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time left from `now` to `target`, every unit clamped at zero; completed when all are zero. */
export function countdownTo(target: number, now: number): CountdownValue {
  const left = Math.max(0, target - now);
  const totalDays = Math.max(0, Math.floor(left / DAY));
  const years = Math.max(0, Math.floor(totalDays / 365));
  const months = Math.max(0, Math.floor((totalDays - years * 365) / 30));
  const restDays = totalDays - years * 365 - months * 30;
  const weeks = Math.max(0, Math.floor(restDays / 7));
  const days = Math.max(0, restDays - weeks * 7);
  const hours = Math.max(0, Math.floor((left % DAY) / HOUR));
  const minutes = Math.max(0, Math.floor((left % HOUR) / MINUTE));
  const seconds = Math.max(0, Math.floor((left % MINUTE) / SECOND));
  const completed = [years, months, weeks, days, hours, minutes, seconds].every((unit) => unit === 0);
  return { years, months, weeks, days, hours, minutes, seconds, totalDays, completed };
}

/**
 * One clock for every countdown on screen, so that each second the app wakes once and draws only
 * the digits that changed (a timer a row made each row draw again in a task of its own). It ticks
 * while some countdown shown has a second left, and at once when the server clock's offset
 * changes. Each listener is kept with its start time.
 */
const countdownsShown = new Map<() => void, number>();
let ticking: ReturnType<typeof setInterval> | undefined;
let stopFollowingOffset: (() => void) | undefined;

function tick() {
  for (const listener of countdownsShown.keys()) listener();
  keepTickingWhileNeeded();
}

function keepTickingWhileNeeded() {
  const now = serverNow();
  const needed = [...countdownsShown.values()].some((target) => target - now >= SECOND);
  if (needed && ticking === undefined) ticking = setInterval(tick, COUNTDOWN_TICK_MS);
  if (!needed && ticking !== undefined) {
    clearInterval(ticking);
    ticking = undefined;
  }
}

function subscribeToCountdown(target: number, listener: () => void): () => void {
  countdownsShown.set(listener, target);
  stopFollowingOffset ??= useServerClockStore.subscribe(tick);
  keepTickingWhileNeeded();
  return () => {
    countdownsShown.delete(listener);
    keepTickingWhileNeeded();
    if (countdownsShown.size > 0) return;
    stopFollowingOffset?.();
    stopFollowingOffset = undefined;
  };
}

/** Whole seconds left to `target` by the server's clock (0 once under a second is left). */
function wholeSecondsLeft(target: number): number {
  return Math.max(0, Math.floor((target - serverNow()) / SECOND));
}

/** `read(seconds left)` by the server's clock, drawn again only when what it reads changes. */
function useSecondsLeft<T>(startTime: string, read: (secondsLeft: number) => T): T {
  const target = Date.parse(startTime);
  const subscribe = useCallback((listener: () => void) => subscribeToCountdown(target, listener), [target]);
  return useSyncExternalStore(subscribe, () => read(wholeSecondsLeft(target)));
}

/**
 * Counts down to a start time by the server's clock, one tick a second, and stops ticking once
 * complete. Only the component that shows the digits should call it: it draws again each second.
 */
export function useCountdown(startTime: string): CountdownValue {
  const left = useSecondsLeft(startTime, (seconds) => seconds);
  return useMemo(() => countdownTo(left * SECOND, 0), [left]);
}

/** Whether the start time has come (under a second left): changes once, so its caller draws once. */
export function useCountdownCompleted(startTime: string): boolean {
  return useSecondsLeft(startTime, (seconds) => seconds === 0);
}
