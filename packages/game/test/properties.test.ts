import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  createGame,
  verifyGame,
  type Choice,
  type GameEvent,
  type GameState,
  type LuckyFatePick,
} from '../src/index';
import { drawToFullHouse, finish, Game, setupFor } from './helpers';
import { prizeBall, potMultiplier } from '../src/index';

interface Params {
  seed: string;
  tickets: number[];
  picks: (LuckyFatePick | null)[];
  defaults: Choice[];
  choices: (Choice | null)[];
  inGame: boolean;
  prizes: { oneLine: number; twoLines: number; fullHouse: number };
  rollover: number;
}

const pick = fc.constantFrom<LuckyFatePick | null>(null, 0, 1, 2);
const choice = fc.constantFrom<Choice>('share', 'steal');
const pence = fc.nat({ max: 100_000 });

const paramsArb: fc.Arbitrary<Params> = fc.record({
  seed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => bytesToHex(b)),
  tickets: fc
    .uniqueArray(fc.nat({ max: 40 }), { minLength: 1, maxLength: 10 })
    .map((a) => a.sort((x, y) => x - y)),
  picks: fc.array(pick, { minLength: 10, maxLength: 10 }),
  defaults: fc.array(choice, { minLength: 10, maxLength: 10 }),
  choices: fc.array(fc.option(choice, { nil: null }), { minLength: 10, maxLength: 10 }),
  inGame: fc.boolean(),
  prizes: fc.record({ oneLine: pence, twoLines: pence, fullHouse: pence }),
  rollover: fc.nat({ max: 50_000 }),
});

/** An honest game from start to end. */
function play(p: Params): Game {
  const g = new Game(p.seed, {
    luckyFateMode: p.inGame ? 'in-game' : 'pre-game',
    prizes: p.prizes,
    rolloverPence: p.rollover,
  });
  p.tickets.forEach((ticketIndex, i) => {
    g.ev((at) => ({
      type: 'ticket-claimed',
      at,
      ticketIndex,
      playerId: `p${i}`,
      defaultChoice: p.defaults[i]!,
      luckyFatePick: p.inGame ? null : p.picks[i]!,
    }));
  });
  g.ev((at) => ({ type: 'green-room-opened', at }));
  g.ev((at) => ({
    type: 'reels-started',
    at,
    prizeBall: prizeBall(p.seed),
    potMultiplier: potMultiplier(p.seed),
  }));
  g.ev((at) => ({ type: 'lucky-fate-opened', at }));
  if (p.inGame) {
    p.tickets.forEach((_, i) => {
      const k = p.picks[i];
      if (k !== null && k !== undefined)
        g.ev((at) => ({ type: 'lucky-fate-picked', at, playerId: `p${i}`, pick: k }));
    });
  }
  g.ev((at) => ({ type: 'draw-started', at }));
  drawToFullHouse(g);
  const choices: Record<string, Choice> = {};
  p.tickets.forEach((_, i) => {
    const c = p.choices[i];
    if (c !== null && c !== undefined) choices[`p${i}`] = c;
  });
  return finish(g, choices);
}

function replay(seed: string, p: Params, events: readonly GameEvent[]): GameState {
  let s = createGame(
    setupFor(seed, {
      luckyFateMode: p.inGame ? 'in-game' : 'pre-game',
      prizes: p.prizes,
      rolloverPence: p.rollover,
    }),
  );
  for (const e of events) {
    const r = applyEvent(s, e);
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  return s;
}

const RUNS = 100;

describe('the reducer (properties)', () => {
  it('the same events give the same state', () => {
    fc.assert(
      fc.property(paramsArb, (p) => {
        const g = play(p);
        expect(replay(p.seed, p, g.events)).toEqual(g.state);
      }),
      { numRuns: RUNS },
    );
  });

  it('payouts add up to the prizes to the penny (an all-steal rollover carries the pot)', () => {
    fc.assert(
      fc.property(paramsArb, (p) => {
        const s = play(p).state;
        const r = s.result!;
        expect(s.awards.map((a) => a.prize)).toEqual(['one-line', 'two-lines', 'full-house']);
        let expected = 0;
        for (const a of s.awards) {
          const doubling = a.onPrizeBall ? 2 : 1;
          const base =
            a.prize === 'one-line'
              ? p.prizes.oneLine
              : a.prize === 'two-lines'
                ? p.prizes.twoLines
                : p.prizes.fullHouse * potMultiplier(p.seed) + p.rollover;
          expect(a.amountPence).toBe(base * doubling);
          expected += a.amountPence;
          if (a.prize !== 'full-house') {
            const shares = a.winners.map((w) => w.basePence!);
            expect(shares.reduce((x, y) => x + y, 0)).toBe(a.amountPence);
            expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
            expect([...shares].sort((x, y) => y - x)).toEqual(shares); // odd pennies to the earliest claims
          }
        }
        const paid = r.payouts.reduce((x, y) => x + y.basePence, 0);
        expect(paid + r.rolloverPence).toBe(expected);
        expect(r.rolloverPence === 0 || r.outcome === 'all-steal').toBe(true);
        for (const y of r.payouts) expect(y.totalPence).toBe(y.basePence * y.multiplier);
        if (p.tickets.length === 1) expect(r.outcome).toBe('no-final');
        else expect(s.final!.finalists.length).toBeGreaterThanOrEqual(2);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('verifyGame (properties)', () => {
  it('accepts every honest game', () => {
    fc.assert(
      fc.property(paramsArb, (p) => {
        const g = play(p);
        expect(verifyGame(p.seed, g.state.setup.commitment, g.events)).toEqual({ ok: true });
      }),
      { numRuns: RUNS },
    );
  });

  it('rejects a game where one ball, the prize ball, the multiplier or one card was changed, at that event', () => {
    fc.assert(
      fc.property(paramsArb, fc.nat(), fc.nat(), (p, which, delta) => {
        const g = play(p);
        const events = g.events.slice();
        const targets = events.flatMap((e, i) => {
          if (e.type === 'ball-called' || e.type === 'reels-started') return [i];
          if (e.type === 'reveal-started' && e.luckyFate.length > 0) return [i];
          return [];
        });
        const i = targets[which % targets.length]!;
        const e = events[i]!;
        const shift = (v: number, n: number) => ((v - 1 + 1 + (delta % (n - 1))) % n) + 1; // another value in 1..n
        if (e.type === 'ball-called') events[i] = { ...e, ball: shift(e.ball, 90) };
        else if (e.type === 'reels-started') {
          events[i] =
            delta % 2 === 0
              ? { ...e, prizeBall: shift(e.prizeBall, 90) }
              : { ...e, potMultiplier: shift(e.potMultiplier, 3) as 1 | 2 | 3 };
        } else if (e.type === 'reveal-started') {
          const k = delta % e.luckyFate.length;
          const l = e.luckyFate[k]!;
          const changed =
            delta % 2 === 0
              ? { ...l, multiplier: shift(l.multiplier, 3) as 1 | 2 | 3 }
              : { ...l, pick: (shift(l.pick + 1, 3) - 1) as LuckyFatePick };
          events[i] = { ...e, luckyFate: e.luckyFate.map((x, j) => (j === k ? changed : x)) };
        }
        const v = verifyGame(p.seed, g.state.setup.commitment, events);
        expect(v.ok).toBe(false);
        expect(!v.ok && v.index).toBe(i);
      }),
      { numRuns: RUNS },
    );
  });

  it('rejects a seed that does not match the commitment with index -1', () => {
    const p: Params = {
      seed: '11'.repeat(32),
      tickets: [0, 1],
      picks: Array(10).fill(null),
      defaults: Array(10).fill('share'),
      choices: Array(10).fill(null),
      inGame: false,
      prizes: { oneLine: 1, twoLines: 2, fullHouse: 3 },
      rollover: 0,
    };
    const g = play(p);
    expect(verifyGame('22'.repeat(32), g.state.setup.commitment, g.events)).toMatchObject({
      ok: false,
      index: -1,
    });
    expect(verifyGame('not a seed', g.state.setup.commitment, g.events)).toMatchObject({
      ok: false,
      index: -1,
    });
    expect(verifyGame(p.seed, g.state.setup.commitment.toUpperCase(), g.events)).toEqual({ ok: true });
  });
});
