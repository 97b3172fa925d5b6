import { errorMessage } from '@/lib/api-client';

/**
 * The API names its fields, for scripts ('gameStartTime must be in the future'); the console's
 * forms say their own labels ('Start must be in the future'), and seconds where they ask seconds.
 */
const FIELD_LABELS: Record<string, string> = {
  gameStartTime: 'Start',
  maxTickets: 'Max tickets',
  prizeLuckyFateSelections: 'Lucky fate',
  'prizes.oneLine': 'One line (£)',
  'prizes.twoLines': 'Two lines (£)',
  'prizes.fullHouse': 'Full house (£)',
  greenRoomMs: 'Green room (s)',
  reelsMs: 'Reels (s)',
  luckyFateMs: 'Lucky fate (s)',
  ballIntervalMs: 'Ball interval (s)',
  ruthlessMs: 'Ruthless final (s)',
  revealMs: 'Reveal (s)',
  videoSource: 'Video source',
  everyMinutes: 'Every (minutes)',
  fromTime: 'From',
  toTime: 'To',
  fromDate: 'First day',
  toDate: 'Last day',
  weekdays: 'Weekdays',
  timeZone: 'Time zone',
};

const FIELD_NAMES = new RegExp(
  `(?<![\\w.])(${Object.keys(FIELD_LABELS)
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace('.', '\\.'))
    .join('|')})(?![\\w.])`,
  'g',
);

/** An API refusal in the words of the console's forms. */
export function formMessage(error: unknown): string {
  const message = errorMessage(error)
    .replace(FIELD_NAMES, (name) => FIELD_LABELS[name] ?? name)
    // The stage timings are asked in seconds.
    .replace(/\b(\d+) ms\b/g, (_, ms: string) => `${Number(ms) / 1000} s`)
    .replace(/\bnumber of milliseconds\b/g, 'number of seconds');
  return message.charAt(0).toUpperCase() + message.slice(1);
}
