import { Labels, SeedStream } from './random';
import { SeedMemo } from './seed-memo';
import type { CardValue, LuckyFateCards, LuckyFatePick } from './types';

/** Balls in a game: 1..90. */
export const BALLS_TOTAL = 90;

const drawOrders = new SeedMemo<readonly number[]>(64);

/** The draw order, shared and never mutated (the reducer reads it once per ball). */
export function drawOrderShared(seedHex: string): readonly number[] {
  return drawOrders.get(seedHex, () => {
    const balls = Array.from({ length: BALLS_TOTAL }, (_, i) => i + 1);
    return new SeedStream(seedHex, Labels.draw).shuffle(balls);
  });
}

/**
 * The 90 balls in calling order: Fisher-Yates over [1..90] with the stream `"draw"`.
 * @throws TypeError on a malformed seed.
 */
export function drawOrder(seedHex: string): number[] {
  return drawOrderShared(seedHex).slice();
}

/**
 * The prize ball (1..90): 1 + uniform(90) from the stream `"prize-ball"`.
 * @throws TypeError on a malformed seed.
 */
export function prizeBall(seedHex: string): number {
  return 1 + new SeedStream(seedHex, Labels.prizeBall).uniform(90);
}

/**
 * The pot multiplier applied to the full-house prize: 1 + uniform(3) from `"pot-multiplier"`.
 * @throws TypeError on a malformed seed.
 */
export function potMultiplier(seedHex: string): CardValue {
  return (1 + new SeedStream(seedHex, Labels.potMultiplier).uniform(3)) as CardValue;
}

function assertIndex(i: number, what: string): void {
  if (!Number.isSafeInteger(i) || i < 0) throw new TypeError(`${what} must be a non-negative integer`);
}

/**
 * The three face-down lucky-fate cards of ticket `ticketIndex`: Fisher-Yates over [1, 2, 3]
 * with the stream `"lucky-fate/<ticketIndex>"`, so one card of each value. The player picks
 * one by position (0..2).
 * @throws TypeError on a malformed seed or index.
 */
export function luckyFateCards(seedHex: string, ticketIndex: number): LuckyFateCards {
  assertIndex(ticketIndex, 'ticketIndex');
  const cards: CardValue[] = [1, 2, 3];
  new SeedStream(seedHex, Labels.luckyFate(ticketIndex)).shuffle(cards);
  return [cards[0]!, cards[1]!, cards[2]!];
}

/**
 * The pick made for a ticket whose holder picked no card: uniform(3) from the stream
 * `"lucky-fate-pick/<ticketIndex>"`.
 * @throws TypeError on a malformed seed or index.
 */
export function defaultLuckyFatePick(seedHex: string, ticketIndex: number): LuckyFatePick {
  assertIndex(ticketIndex, 'ticketIndex');
  return new SeedStream(seedHex, Labels.luckyFatePick(ticketIndex)).uniform(3) as LuckyFatePick;
}

/** The multiplier on ticket `ticketIndex` for card position `pick`. */
export function luckyFateMultiplier(seedHex: string, ticketIndex: number, pick: LuckyFatePick): CardValue {
  return luckyFateCards(seedHex, ticketIndex)[pick];
}
