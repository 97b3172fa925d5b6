import type { FinalOutcome, PrizeName } from '@ruthless/game';
import { formatCurrency } from '@/lib/currency';

export const prizeLabel: Record<PrizeName, string> = {
  'one-line': 'One Line',
  'two-lines': 'Two Lines',
  'full-house': 'Full House',
};

export const outcomeHeadline: Record<FinalOutcome, string> = {
  'all-share': 'Everyone shared!',
  'some-steal': 'Ruthless! The stealers take the pot',
  'all-steal': 'Everyone stole: nobody wins',
  'no-final': 'The full house takes the pot',
};

export const money = formatCurrency;

/** The ball's colour band (by tens, as on a bingo machine); the number itself is always printed too. */
export function ballTone(n: number): string {
  return `tone${Math.min(8, Math.floor(n / 10))}`;
}

/** A player's chat name from the view's names, or a neutral fallback. */
export function nameOf(names: Record<string, string>, playerId: string, me?: string | null): string {
  if (me && playerId === me) return 'You';
  return names[playerId] ?? 'Player';
}
