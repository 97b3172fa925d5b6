import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnOf, dealStrip, ticketAt, type Ticket } from '../src/index';
import { seedOf } from './helpers';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => bytesToHex(b));

/** Every rule of docs/game-rules.md for one strip; returns the first broken rule, or null. */
function brokenRule(strip: Ticket[]): string | null {
  if (strip.length !== 6) return 'six tickets';
  const seen = new Set<number>();
  for (const t of strip) {
    if (t.length !== 3 || t.some((row) => row.length !== 9)) return '3 x 9';
    let count = 0;
    for (const row of t) {
      const inRow = row.filter((n) => n !== null).length;
      if (inRow !== 5) return '5 per row';
      count += inRow;
    }
    if (count !== 15) return '15 numbers';
    for (let c = 0; c < 9; c++) {
      const col = t.map((row) => row[c]!).filter((n): n is number => n !== null);
      if (col.length < 1 || col.length > 3) return '1 to 3 per column';
      for (let i = 1; i < col.length; i++) if (col[i]! <= col[i - 1]!) return 'ascending down a column';
      for (const n of col) {
        const lo = c === 0 ? 1 : c * 10;
        const hi = c === 8 ? 90 : c * 10 + 9;
        if (!Number.isInteger(n) || n < lo || n > hi) return `column ${c} range`;
        if (seen.has(n)) return 'each number once';
        seen.add(n);
      }
    }
  }
  return seen.size === 90 ? null : 'all of 1..90';
}

describe('strips', () => {
  it('obey every rule for any seed and strip index', () => {
    fc.assert(
      fc.property(seedArb, fc.nat({ max: 10_000_000 }), (seed, i) => {
        expect(brokenRule(dealStrip(seed, i))).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('are deterministic and ticketAt reads them', () => {
    const seed = seedOf('strip');
    expect(dealStrip(seed, 7)).toEqual(dealStrip(seed, 7));
    expect(dealStrip(seed, 7)).not.toEqual(dealStrip(seed, 8));
    expect(ticketAt(seed, 7 * 6 + 4)).toEqual(dealStrip(seed, 7)[4]);
    const copy = dealStrip(seed, 7);
    copy[0]![0]![0] = 999; // callers get their own copy
    expect(dealStrip(seed, 7)[0]![0]![0]).not.toBe(999);
  });

  it('are varied: over many strips every cell of the grid holds a number sometimes, every column count occurs', () => {
    const used = new Set<string>();
    const counts = new Set<string>();
    for (let s = 0; s < 5; s++) {
      for (let i = 0; i < 40; i++) {
        for (const t of dealStrip(seedOf(s), i)) {
          t.forEach((row, r) => row.forEach((n, c) => n !== null && used.add(`${r},${c}`)));
          for (let c = 0; c < 9; c++) counts.add(`${c}:${t.filter((row) => row[c] !== null).length}`);
        }
      }
    }
    expect(used.size).toBe(27);
    expect(counts.size).toBe(27); // every column holds 1, 2 and 3 numbers on some ticket
  });

  it('columnOf puts 90 in the last column', () => {
    expect([1, 9, 10, 19, 80, 89, 90].map(columnOf)).toEqual([0, 0, 1, 1, 8, 8, 8]);
  });

  it('throw a TypeError on a malformed seed or index', () => {
    expect(() => dealStrip('xyz', 0)).toThrow(TypeError);
    expect(() => dealStrip(seedOf(1).toUpperCase(), 0)).toThrow(TypeError);
    expect(() => dealStrip(seedOf(1), -1)).toThrow(TypeError);
    expect(() => ticketAt(seedOf(1), 1.5)).toThrow(TypeError);
  });
});
