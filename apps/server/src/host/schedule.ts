import type { ScheduleBody } from '@ruthless/protocol';

const DAY_MS = 24 * 60 * 60_000;

/** How far the zone's wall clock is ahead of UTC at `instant` (ms). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the wall clock of `timeZone` reads the given date and minute of day. */
export function zonedTime(dayUtcMs: number, minuteOfDay: number, timeZone: string): Date {
  const wall = dayUtcMs + minuteOfDay * 60_000;
  let instant = wall - zoneOffset(wall, timeZone);
  // Around a clock change the offset at the first guess can differ: settle on the one at the answer.
  instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant);
}

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The start times of a repeating schedule: every `everyMinutes` from `fromTime` to `toTime`
 * (inclusive) on the chosen ISO weekdays, each day from `fromDate` to `toDate`, read on the wall
 * clock of `timeZone`. Sorted, without duplicates (a clock going back can repeat a time).
 */
export function scheduleStarts(body: Omit<ScheduleBody, 'game'>): Date[] {
  const first = Date.parse(`${body.fromDate}T00:00:00Z`);
  const last = Date.parse(`${body.toDate}T00:00:00Z`);
  const from = minutes(body.fromTime);
  const to = minutes(body.toTime);
  const starts = new Map<number, Date>();
  for (let day = first; day <= last; day += DAY_MS) {
    const weekday = new Date(day).getUTCDay() || 7;
    if (!body.weekdays.includes(weekday)) continue;
    for (let minute = from; minute <= to; minute += body.everyMinutes) {
      const start = zonedTime(day, minute, body.timeZone);
      starts.set(start.getTime(), start);
    }
  }
  return [...starts.values()].sort((a, b) => a.getTime() - b.getTime());
}

/** Days the schedule covers, both ends included. */
export function scheduleDays(body: { fromDate: string; toDate: string }): number {
  return (Date.parse(`${body.toDate}T00:00:00Z`) - Date.parse(`${body.fromDate}T00:00:00Z`)) / DAY_MS + 1;
}
