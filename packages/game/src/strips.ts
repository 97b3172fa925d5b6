import { Labels, SeedStream } from './random';
import { SeedMemo } from './seed-memo';
import type { Ticket } from './types';

/** Tickets in a strip. */
export const STRIP_SIZE = 6;
const COLS = 9;
const ROWS = 3;
/** Extra numbers per column once every ticket holds one: column sizes 9, 10 x 7, 11 minus 6. */
const EXTRAS = [3, 4, 4, 4, 4, 4, 4, 4, 5] as const;
/** Random 2x2 moves that shuffle the column counts (README "Strips", step 1); even. */
export const COUNT_MOVES = 200;
/** Distinct moves: ordered ticket pairs (6 x 5) times ordered column pairs (9 x 8). */
const MOVES = 6 * 5 * 9 * 8;

/**
 * Move number m (0..2159) of step 1: t1 = m mod 6, m' = floor(m / 6); t2 = m' mod 5, plus one if
 * >= t1; m'' = floor(m' / 5); c1 = m'' mod 9; c2 = floor(m'' / 9), plus one if >= c1. Move one
 * number of ticket t1 from column c2 to c1 and one of ticket t2 from c1 to c2, when every count
 * stays within 1..3; otherwise nothing.
 */
function tryMove(cnt: number[][], m: number): void {
  const t1 = m % 6;
  m = Math.floor(m / 6);
  let t2 = m % 5;
  if (t2 >= t1) t2++;
  m = Math.floor(m / 5);
  const c1 = m % 9;
  let c2 = Math.floor(m / 9);
  if (c2 >= c1) c2++;
  const r1 = cnt[t1]!;
  const r2 = cnt[t2]!;
  if (r1[c1]! < 3 && r1[c2]! > 1 && r2[c1]! > 1 && r2[c2]! < 3) {
    r1[c1]!++;
    r1[c2]!--;
    r2[c1]!--;
    r2[c2]!++;
  }
}

/** The numbers of column c, ascending: 1-9, 10-19, ..., 80-90. */
export function columnNumbers(c: number): number[] {
  const lo = c === 0 ? 1 : c * 10;
  const hi = c === 8 ? 90 : c * 10 + 9;
  const out: number[] = [];
  for (let n = lo; n <= hi; n++) out.push(n);
  return out;
}

/** The column a number belongs to (90 is in column 8). */
export function columnOf(n: number): number {
  return n === 90 ? 8 : Math.floor(n / 10);
}

/** Row subsets of each size, in the fixed order the derivation enumerates them. */
const SUBSETS: readonly (readonly (readonly number[])[])[] = [
  [],
  [[0], [1], [2]],
  [
    [0, 1],
    [0, 2],
    [1, 2],
  ],
  [[0, 1, 2]],
];

/**
 * Gale-Ryser for three rows: rows with capacities a, b, c can hold the remaining columns (each
 * column's numbers in distinct rows) iff the capacities sum to the numbers left, none is
 * negative, the largest is at most the columns left, and the two largest at most
 * the sum over columns of min(k, 2).
 */
function feasible(a: number, b: number, c: number, total: number, columns: number, upTo2: number): boolean {
  if (a < 0 || b < 0 || c < 0 || a + b + c !== total) return false;
  const max = Math.max(a, b, c);
  const min = Math.min(a, b, c);
  return max <= columns && total - min <= upTo2;
}

/** A strip as 6 tickets, each 3 rows of 9 cells; shared by the memo, so never mutated. */
function deal(seedHex: string, stripIndex: number): readonly Ticket[] {
  const rnd = new SeedStream(seedHex, Labels.strip(stripIndex));

  // Step 1: how many numbers each ticket takes from each column.
  const cnt: number[][] = Array.from({ length: STRIP_SIZE }, () => new Array<number>(COLS).fill(1));
  let k = 0;
  for (let c = 0; c < COLS; c++) {
    for (let e = 0; e < EXTRAS[c]!; e++) cnt[k++ % STRIP_SIZE]![c]! += 1;
  }
  for (let m = 0; m < COUNT_MOVES; m += 2) {
    // One draw makes two moves: u = first + 2160 * second, each a move index in [0, 2160).
    const u = rnd.uniform(MOVES * MOVES);
    tryMove(cnt, u % MOVES);
    tryMove(cnt, Math.floor(u / MOVES));
  }

  // Step 2: which rows each ticket's column numbers sit in, 5 per row.
  const rowsOf: (readonly number[])[][] = [];
  for (let t = 0; t < STRIP_SIZE; t++) {
    const counts = cnt[t]!;
    // Suffix sums over columns c+1..8: numbers, columns, and sum of min(k, 2).
    const total = new Array<number>(COLS + 1).fill(0);
    const upTo2 = new Array<number>(COLS + 1).fill(0);
    for (let c = COLS - 1; c >= 0; c--) {
      total[c] = total[c + 1]! + counts[c]!;
      upTo2[c] = upTo2[c + 1]! + Math.min(counts[c]!, 2);
    }
    const caps = [5, 5, 5];
    const chosen: (readonly number[])[] = [];
    for (let c = 0; c < COLS; c++) {
      const options = SUBSETS[counts[c]!]!.filter((rows) => {
        const a = caps[0]! - (rows.includes(0) ? 1 : 0);
        const b = caps[1]! - (rows.includes(1) ? 1 : 0);
        const d = caps[2]! - (rows.includes(2) ? 1 : 0);
        return feasible(a, b, d, total[c + 1]!, COLS - 1 - c, upTo2[c + 1]!);
      });
      const pick = options.length === 1 ? options[0]! : options[rnd.uniform(options.length)]!;
      for (const r of pick) caps[r]! -= 1;
      chosen.push(pick);
    }
    rowsOf.push(chosen);
  }

  // Step 3: shuffle each column's numbers and deal them out in ticket order.
  const tickets: Ticket[] = Array.from({ length: STRIP_SIZE }, () =>
    Array.from({ length: ROWS }, () => new Array<number | null>(COLS).fill(null)),
  );
  for (let c = 0; c < COLS; c++) {
    const nums = rnd.shuffle(columnNumbers(c));
    let next = 0;
    for (let t = 0; t < STRIP_SIZE; t++) {
      const take = nums.slice(next, next + cnt[t]![c]!).sort((x, y) => x - y);
      next += take.length;
      const rows = rowsOf[t]![c]!;
      for (let i = 0; i < take.length; i++) tickets[t]![rows[i]!]![c] = take[i]!;
    }
  }
  return tickets;
}

// Claims deal one strip per six tickets; remembering recent strips keeps consecutive claims cheap.
const strips = new SeedMemo<readonly Ticket[]>(64);

/** A strip from the cache (shared: callers must not mutate it). */
export function stripShared(seedHex: string, stripIndex: number): readonly Ticket[] {
  if (!Number.isSafeInteger(stripIndex) || stripIndex < 0) {
    throw new TypeError('stripIndex must be a non-negative integer');
  }
  return strips.get(`${seedHex}/${stripIndex}`, () => deal(seedHex, stripIndex));
}

function copyTicket(t: Ticket): Ticket {
  return t.map((row) => row.slice());
}

/**
 * Strip number `stripIndex` of a game: six tickets (3 rows x 9 cells, a number or null) that
 * together hold 1..90 once each, dealt from the stream `"strip/<stripIndex>"`.
 * @throws TypeError on a malformed seed or index.
 */
export function dealStrip(seedHex: string, stripIndex: number): Ticket[] {
  return stripShared(seedHex, stripIndex).map(copyTicket);
}

/**
 * Ticket number `ticketIndex` of a game: `dealStrip(seed, floor(i / 6))[i % 6]`.
 * @throws TypeError on a malformed seed or index.
 */
export function ticketAt(seedHex: string, ticketIndex: number): Ticket {
  if (!Number.isSafeInteger(ticketIndex) || ticketIndex < 0) {
    throw new TypeError('ticketIndex must be a non-negative integer');
  }
  return copyTicket(stripShared(seedHex, Math.floor(ticketIndex / STRIP_SIZE))[ticketIndex % STRIP_SIZE]!);
}

/** A ticket's 15 numbers, row by row, left to right (the order the winner index uses). */
export function ticketNumbers(ticket: Ticket): number[] {
  const out: number[] = [];
  for (const row of ticket) for (const n of row) if (n !== null) out.push(n);
  return out;
}

/** Ticket `ticketIndex` as 15 numbers row by row (rows of 5). */
export function ticketNumbersAt(seedHex: string, ticketIndex: number): number[] {
  return ticketNumbers(stripShared(seedHex, Math.floor(ticketIndex / STRIP_SIZE))[ticketIndex % STRIP_SIZE]!);
}

/** The grid of a ticket from its 15 numbers row by row (rows of 5). */
export function ticketFromNumbers(numbers: ArrayLike<number>): Ticket {
  const t: Ticket = Array.from({ length: ROWS }, () => new Array<number | null>(COLS).fill(null));
  for (let i = 0; i < numbers.length; i++) {
    const n = numbers[i]!;
    t[Math.floor(i / 5)]![columnOf(n)] = n;
  }
  return t;
}
