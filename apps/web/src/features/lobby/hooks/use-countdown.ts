import { useEffect, useState } from 'react';
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
 * Counts down to a start time by the server's clock, one tick a second, and stops ticking once
 * complete.
 */
export function useCountdown(startTime: string): CountdownValue {
  const target = Date.parse(startTime);
  const offsetMs = useServerClockStore((state) => state.offsetMs);
  const [value, setValue] = useState(() => countdownTo(target, serverNow()));

  useEffect(() => {
    const tick = () => setValue(countdownTo(target, Date.now() + offsetMs));
    tick();
    if (countdownTo(target, Date.now() + offsetMs).completed) return;
    const timer = setInterval(() => {
      const next = countdownTo(target, Date.now() + offsetMs);
      setValue(next);
      if (next.completed) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [target, offsetMs]);

  return value;
}
