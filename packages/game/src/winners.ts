import type { DrawIndex, PrizeName } from './types';

/*
 * The winner index (README "Speed"). Built once at draw-started:
 *   - slots: the held tickets in claim order;
 *   - offsets/entries: for each number 1..90, the (slot*3 + row) of every ticket row holding it
 *     (a CSR layout: 15 entries per ticket, about n/6 per number);
 *   - rowLeft: numbers left per ticket row.
 * A ball touches only its own entries; `togo` holds each ticket's numbers to go for the current
 * prize, and the 1- and 2-to-go queues are rebuilt by one linear scan of `togo`.
 */

const ROW_NUMBERS = 5;

/** The prize after `p`. */
export function nextPrize(p: PrizeName): PrizeName | null {
  return p === 'one-line' ? 'two-lines' : p === 'two-lines' ? 'full-house' : null;
}

/** Numbers to go for `prize` given the three row counters of a ticket. */
export function togoOf(r0: number, r1: number, r2: number, prize: PrizeName): number {
  if (prize === 'full-house') return r0 + r1 + r2;
  const min = Math.min(r0, r1, r2);
  if (prize === 'one-line') return min;
  return r0 + r1 + r2 - Math.max(r0, r1, r2);
}

/** Build the index from the held tickets (in claim order), each with its 15 numbers row by row. */
export function buildIndex(
  tickets: readonly {
    readonly ticketIndex: number;
    readonly playerId: string;
    readonly numbers: ArrayLike<number>;
  }[],
): DrawIndex {
  const n = tickets.length;
  const counts = new Int32Array(92);
  for (const t of tickets) for (let i = 0; i < t.numbers.length; i++) counts[t.numbers[i]! + 1]!++;
  const offsets = new Int32Array(92);
  for (let b = 1; b < 92; b++) offsets[b] = offsets[b - 1]! + counts[b]!;
  const fill = offsets.slice();
  const entries = new Int32Array(offsets[91]!);
  const slotTicket = new Int32Array(n);
  const slotPlayer: string[] = new Array<string>(n);
  for (let s = 0; s < n; s++) {
    const t = tickets[s]!;
    slotTicket[s] = t.ticketIndex;
    slotPlayer[s] = t.playerId;
    for (let i = 0; i < t.numbers.length; i++) {
      entries[fill[t.numbers[i]!]!++] = s * 3 + Math.floor(i / ROW_NUMBERS);
    }
  }
  return {
    slotTicket,
    slotPlayer,
    offsets,
    entries,
    rowLeft: new Uint8Array(n * 3).fill(ROW_NUMBERS),
    togo: new Uint8Array(n).fill(ROW_NUMBERS),
    oneToGo: new Int32Array(0),
    twoToGo: new Int32Array(0),
  };
}

/** Prizes won on one ball: the prize and the winning slots, ascending. */
export interface BallWins {
  readonly prize: PrizeName;
  readonly slots: readonly number[];
}

function recompute(rowLeft: Uint8Array, n: number, prize: PrizeName): Uint8Array {
  const togo = new Uint8Array(n);
  // One specialised loop per prize: this runs over every ticket when a prize falls.
  for (let s = 0, e = 0; s < n; s++, e += 3) {
    const a = rowLeft[e]!;
    const b = rowLeft[e + 1]!;
    const c = rowLeft[e + 2]!;
    if (prize === 'full-house') togo[s] = a + b + c;
    else if (prize === 'two-lines') togo[s] = a + b + c - (a > b ? (a > c ? a : c) : b > c ? b : c);
    else togo[s] = a < b ? (a < c ? a : c) : b < c ? b : c;
  }
  return togo;
}

function queues(togo: Uint8Array): { oneToGo: Int32Array; twoToGo: Int32Array } {
  let ones = 0;
  let twos = 0;
  for (let s = 0; s < togo.length; s++) {
    const t = togo[s]!;
    if (t === 1) ones++;
    else if (t === 2) twos++;
  }
  const oneToGo = new Int32Array(ones);
  const twoToGo = new Int32Array(twos);
  ones = 0;
  twos = 0;
  for (let s = 0; s < togo.length; s++) {
    const t = togo[s]!;
    if (t === 1) oneToGo[ones++] = s;
    else if (t === 2) twoToGo[twos++] = s;
  }
  return { oneToGo, twoToGo };
}

/**
 * Mark `ball` on every ticket and find the prizes it wins. Returns a new index (the input is
 * not touched), the prizes won (in order) and the prize then being played for.
 */
export function markBall(
  index: DrawIndex,
  ball: number,
  prize: PrizeName,
): { index: DrawIndex; wins: BallWins[]; currentPrize: PrizeName | null } {
  const n = index.slotTicket.length;
  const rowLeft = index.rowLeft.slice();
  let togo: Uint8Array = index.togo.slice();
  const { entries } = index;
  const from = index.offsets[ball]!;
  const to = index.offsets[ball + 1]!;
  let winners: number[] = [];
  // A number appears at most once per ticket, and entries are in slot order: each slot once, ascending.
  for (let i = from; i < to; i++) {
    const e = entries[i]!;
    rowLeft[e]!--;
    const s = (e / 3) | 0;
    const base = s * 3;
    const t = togoOf(rowLeft[base]!, rowLeft[base + 1]!, rowLeft[base + 2]!, prize);
    togo[s] = t;
    if (t === 0) winners.push(s);
  }
  const wins: BallWins[] = [];
  let current: PrizeName | null = prize;
  // Each ball completes at most one row of a ticket, so when n lines are in play nobody can hold
  // n+1: the loop below runs once. It stays general so the rule reads as written (README).
  while (current !== null && winners.length > 0) {
    wins.push({ prize: current, slots: winners });
    current = nextPrize(current);
    if (current === null) break;
    togo = recompute(rowLeft, n, current);
    winners = [];
    for (let s = 0; s < n; s++) if (togo[s] === 0) winners.push(s);
  }
  const q = current === null ? { oneToGo: new Int32Array(0), twoToGo: new Int32Array(0) } : queues(togo);
  return { index: { ...index, rowLeft, togo, ...q }, wins, currentPrize: current };
}

/** Numbers left on the ticket in `slot`. */
export function numbersLeft(index: DrawIndex, slot: number): number {
  const b = slot * 3;
  return index.rowLeft[b]! + index.rowLeft[b + 1]! + index.rowLeft[b + 2]!;
}

/**
 * The runner-up: among slots not in `winners`, the fewest numbers left; ties to the lowest slot
 * (the earliest claim). Null when every ticket won.
 */
export function runnerUp(index: DrawIndex, winners: readonly number[]): number | null {
  const won = new Set(winners);
  let best = -1;
  let bestLeft = Infinity;
  const n = index.slotTicket.length;
  for (let s = 0; s < n; s++) {
    if (won.has(s)) continue;
    const left = numbersLeft(index, s);
    if (left < bestLeft) {
      bestLeft = left;
      best = s;
    }
  }
  return best < 0 ? null : best;
}
