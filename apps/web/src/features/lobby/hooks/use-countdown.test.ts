import { describe, expect, it } from 'vitest';
import { countdownTo } from './use-countdown';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 22, 20, 0, 0);

const zero = { years: 0, months: 0, weeks: 0, days: 0, hours: 0, minutes: 0, seconds: 0, totalDays: 0 };

describe('countdownTo', () => {
  it('is complete, every unit zero, at the start time and after it (never negative)', () => {
    expect(countdownTo(now, now)).toEqual({ ...zero, completed: true });
    expect(countdownTo(now - 5 * DAY - 3 * HOUR, now)).toEqual({ ...zero, completed: true });
  });

  it('counts whole seconds: one second left is not complete, less than one is', () => {
    expect(countdownTo(now + SECOND, now)).toEqual({ ...zero, seconds: 1, completed: false });
    expect(countdownTo(now + 1999, now)).toMatchObject({ seconds: 1, completed: false });
    expect(countdownTo(now + 999, now)).toEqual({ ...zero, completed: true });
  });

  it('splits hours, minutes and seconds', () => {
    expect(countdownTo(now + 23 * HOUR + 59 * MINUTE + 59 * SECOND, now)).toEqual({
      ...zero,
      hours: 23,
      minutes: 59,
      seconds: 59,
      completed: false,
    });
  });

  it('splits days into weeks and days, and keeps the whole days for the lobby', () => {
    expect(countdownTo(now + 13 * DAY + 2 * HOUR + 30 * SECOND, now)).toEqual({
      ...zero,
      weeks: 1,
      days: 6,
      hours: 2,
      seconds: 30,
      totalDays: 13,
      completed: false,
    });
  });

  it('counts a month as 30 days and a year as 365', () => {
    expect(countdownTo(now + 400 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND, now)).toEqual({
      years: 1,
      months: 1,
      weeks: 0,
      days: 5,
      hours: 3,
      minutes: 4,
      seconds: 5,
      totalDays: 400,
      completed: false,
    });
    expect(countdownTo(now + 364 * DAY, now)).toMatchObject({ years: 0, months: 12, weeks: 0, days: 4 });
    expect(countdownTo(now + 3650 * DAY, now)).toMatchObject({
      years: 10,
      months: 0,
      days: 0,
      totalDays: 3650,
    });
  });
});
