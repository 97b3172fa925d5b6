import type { CardValue, NormalizedSetup, PrizeName } from './types';

/**
 * Split `amount` pence between `n` winners: each gets floor(amount / n); the remainder r goes one
 * penny each to the first r winners (winners are listed in claim order, so the earliest claims).
 */
export function splitPence(amount: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(amount / n);
  const r = amount - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < r ? 1 : 0));
}

/** A line prize as won: doubled on the prize ball. */
export function linePrizePence(
  setup: NormalizedSetup,
  prize: Exclude<PrizeName, 'full-house'>,
  onPrizeBall: boolean,
): number {
  const p = prize === 'one-line' ? setup.prizes.oneLine : setup.prizes.twoLines;
  return p * (onPrizeBall ? 2 : 1);
}

/**
 * The pot: full house × pot multiplier + the rollover carried in, all doubled when the full
 * house falls on the prize ball.
 */
export function potPence(setup: NormalizedSetup, potMultiplier: CardValue, onPrizeBall: boolean): number {
  return (setup.prizes.fullHouse * potMultiplier + setup.rolloverPence) * (onPrizeBall ? 2 : 1);
}
