import { readFileSync } from 'node:fs';
import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commitmentOf,
  dealStrip,
  defaultLuckyFatePick,
  drawOrder,
  isSeedHex,
  luckyFateCards,
  potMultiplier,
  prizeBall,
  SeedStream,
} from '../src/index';
import { seedOf } from './helpers';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => bytesToHex(b));

/** Chi-square critical value for 89 degrees of freedom at p = 0.001 (tables: 135.98). */
const CHI2_89_P001 = 135.98;
/** ... for 2 degrees of freedom at p = 0.001. */
const CHI2_2_P001 = 13.816;

function chiSquare(observed: readonly number[], expected: number): number {
  return observed.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
}

describe('the derivation', () => {
  it('draws a permutation of 1..90, the same for the same seed', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const order = drawOrder(seed);
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
        expect(drawOrder(seed)).toEqual(order);
        expect(prizeBall(seed)).toBeGreaterThanOrEqual(1);
        expect(prizeBall(seed)).toBeLessThanOrEqual(90);
        expect([1, 2, 3]).toContain(potMultiplier(seed));
        expect([...luckyFateCards(seed, 5)].sort()).toEqual([1, 2, 3]);
        expect([0, 1, 2]).toContain(defaultLuckyFatePick(seed, 5));
      }),
      { numRuns: 50 },
    );
  });

  it('commits to the seed with SHA-256 and validates seeds', () => {
    // SHA-256 of 32 zero bytes
    expect(commitmentOf('0'.repeat(64))).toBe(
      '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    );
    expect(isSeedHex('0'.repeat(64))).toBe(true);
    expect(isSeedHex('0'.repeat(63))).toBe(false);
    expect(isSeedHex('A'.repeat(64))).toBe(false);
    expect(() => commitmentOf('zz')).toThrow(TypeError);
  });

  it('samples uniform integers by rejection (n near 2^32 rejects often but stays in range)', () => {
    const s = new SeedStream(seedOf('rej'), 'x');
    for (let i = 0; i < 200; i++) {
      const v = s.uniform(3_000_000_000);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(3_000_000_000);
    }
  });

  it('draws uniformly: chi-square of the first ball and of the position of ball 1 over 9 000 fixed seeds (p = 0.001)', () => {
    const N = 9_000;
    const first = new Array<number>(90).fill(0);
    const positionOf1 = new Array<number>(90).fill(0);
    const prize = new Array<number>(90).fill(0);
    const multiplier = [0, 0, 0];
    for (let i = 0; i < N; i++) {
      const seed = seedOf(`chi/${i}`);
      const order = drawOrder(seed);
      first[order[0]! - 1]!++;
      positionOf1[order.indexOf(1)]!++;
      prize[prizeBall(seed) - 1]!++;
      multiplier[potMultiplier(seed) - 1]!++;
    }
    expect(chiSquare(first, N / 90)).toBeLessThan(CHI2_89_P001);
    expect(chiSquare(positionOf1, N / 90)).toBeLessThan(CHI2_89_P001);
    expect(chiSquare(prize, N / 90)).toBeLessThan(CHI2_89_P001);
    expect(chiSquare(multiplier, N / 3)).toBeLessThan(CHI2_2_P001);
  });

  it('matches the worked example in README.md', () => {
    const readme = readFileSync(
      expect.getState().testPath!.replace(/test[\\/]draw\.test\.ts$/, 'README.md'),
      'utf8',
    );
    const field = (name: string) => {
      const m = new RegExp(`^- ${name}: \`([^\`]+)\``, 'm').exec(readme);
      if (m === null) throw new Error(`README has no "${name}" line`);
      return m[1]!;
    };
    const seed = field('seed');
    expect(commitmentOf(seed)).toBe(field('commitment'));
    expect(drawOrder(seed).slice(0, 10).join(', ')).toBe(field('first ten balls'));
    expect(String(prizeBall(seed))).toBe(field('prize ball'));
    expect(String(potMultiplier(seed))).toBe(field('pot multiplier'));
    expect(luckyFateCards(seed, 0).join(', ')).toBe(field('lucky-fate cards of ticket 0'));
    expect(String(defaultLuckyFatePick(seed, 0))).toBe(field('default pick of ticket 0'));
    const rows = dealStrip(seed, 0)[0]!.map((r) => r.map((n) => (n === null ? '-' : String(n))).join(' '));
    expect(rows.join(' / ')).toBe(field('ticket 0'));
  });
});

describe('the memos', () => {
  it('never change a result: many seeds interleaved give what each seed gives alone', () => {
    const seeds = Array.from({ length: 100 }, (_, i) => seedOf(i + 1000));
    const alone = seeds.map((seed) => [drawOrder(seed), dealStrip(seed, 3)]);
    // Cycle past every memo's bound, then ask again in reverse.
    const again = [...seeds].reverse().map((seed) => [drawOrder(seed), dealStrip(seed, 3)]);
    expect(again.reverse()).toEqual(alone);
  });
});
