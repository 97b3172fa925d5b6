import { format as dateFnsFormat } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { format } from './dates';

// Every pattern the app formats dates with (grep "format(" in apps/web/src).
const PATTERNS = [
  'h:mma',
  'EEE d MMM',
  'h:mma dd/MM/yy',
  "EEEE d MMMM 'at' h:mma",
  'EEE d MMM, h:mmaaa',
  'dd-MM-yyyy HH:mm:ss',
];

describe('format', () => {
  it('writes what date-fns writes, for every hour, weekday and month', () => {
    const dates: Date[] = [];
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 10, 28]) {
        for (const [hour, minute] of [
          [0, 0],
          [0, 5],
          [9, 30],
          [11, 59],
          [12, 0],
          [13, 7],
          [23, 59],
        ] as const) {
          dates.push(new Date(2026 + (month % 3), month, day, hour, minute, (day * 7) % 60));
        }
      }
    }
    for (const pattern of PATTERNS) {
      for (const date of dates) {
        expect(format(date, pattern), `${pattern} ${date.toISOString()}`).toBe(dateFnsFormat(date, pattern));
      }
    }
  });

  it('takes a timestamp as well as a date', () => {
    const at = new Date(2026, 10, 23, 18, 30);
    expect(format(at.getTime(), 'h:mma dd/MM/yy')).toBe('6:30PM 23/11/26');
    expect(format(at, "EEEE d MMMM 'at' h:mma")).toBe('Monday 23 November at 6:30PM');
  });
});
