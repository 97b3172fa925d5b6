/**
 * The app's date formats, as date-fns `format` patterns (the tokens below only), on the
 * platform's Intl for the day and month names: date-fns' `format` and its locale cost every
 * screen 5.4 kB of JavaScript (docs/web-quality.md, JavaScript per route). Local time, English
 * names; dates.test.ts holds it to date-fns' output.
 */
const pad = (value: number) => String(value).padStart(2, '0');
// Each formatter is made on first use: making one costs a phone milliseconds, and a screen
// that imports this module uses one or two of the four.
const named = (options: Intl.DateTimeFormatOptions) => {
  let names: Intl.DateTimeFormat | undefined;
  return (date: Date) => (names ??= new Intl.DateTimeFormat('en-US', options)).format(date);
};

const TOKENS: Record<string, (date: Date) => string> = {
  yyyy: (date) => String(date.getFullYear()),
  yy: (date) => pad(date.getFullYear() % 100),
  MMMM: named({ month: 'long' }),
  MMM: named({ month: 'short' }),
  MM: (date) => pad(date.getMonth() + 1),
  EEEE: named({ weekday: 'long' }),
  EEE: named({ weekday: 'short' }),
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
