/**
 * The app's date formats, as date-fns `format` patterns (the tokens below only): local time,
 * English names. date-fns' `format` and its locale cost every screen 5.4 kB of JavaScript, and
 * the platform's Intl.DateTimeFormat costs a phone tens of milliseconds to make on the first
 * screen (docs/web-quality.md, Where the time goes); the app writes English only, so the names
 * are plain lists. dates.test.ts holds it to date-fns' output.
 */
const pad = (value: number) => String(value).padStart(2, '0');
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const TOKENS: Record<string, (date: Date) => string> = {
  yyyy: (date) => String(date.getFullYear()),
  yy: (date) => pad(date.getFullYear() % 100),
  MMMM: (date) => MONTHS[date.getMonth()]!,
  MMM: (date) => MONTHS[date.getMonth()]!.slice(0, 3),
  MM: (date) => pad(date.getMonth() + 1),
  EEEE: (date) => WEEKDAYS[date.getDay()]!,
  EEE: (date) => WEEKDAYS[date.getDay()]!.slice(0, 3),
  dd: (date) => pad(date.getDate()),
  d: (date) => String(date.getDate()),
  HH: (date) => pad(date.getHours()),
  h: (date) => String(date.getHours() % 12 || 12),
  mm: (date) => pad(date.getMinutes()),
  ss: (date) => pad(date.getSeconds()),
  aaa: (date) => (date.getHours() < 12 ? 'am' : 'pm'),
  a: (date) => (date.getHours() < 12 ? 'AM' : 'PM'),
};
// Longest first, and 'quoted text' as it is.
const PATTERN = /'([^']*)'|yyyy|yy|MMMM|MMM|MM|EEEE|EEE|dd|d|HH|h|mm|ss|aaa|a/g;

/** `date` in `pattern`, e.g. format(start, 'h:mma dd/MM/yy') -> '7:30PM 05/12/26'. */
export function format(date: Date | number, pattern: string): string {
  const at = new Date(date);
  return pattern.replace(PATTERN, (token, literal: string | undefined) => literal ?? TOKENS[token]!(at));
}
