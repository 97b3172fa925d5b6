import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  createGame,
  drawOrder,
  luckyFateCards,
  luckyFateToReveal,
  nextBall,
  potMultiplier,
  prizeBall,
  RuleCode,
  defaultLuckyFatePick,
  type GameState,
  type Payout,
} from '../src/index';
import {
  drawToFullHouse,
  finish,
  Game,
  seedOf,
  setupFor,
  timeline,
  toDraw,
  type PlayerSpec,
} from './helpers';

const SEED = seedOf('scenarios');

function payoutOf(state: GameState, playerId: string): Payout {
  const p = state.result!.payouts.find((x) => x.playerId === playerId);
  if (p === undefined) throw new Error(`no payout for ${playerId}`);
  return p;
}

/** Two tickets in 0..limit whose pattern completes on the same ball, first for both. */
function tiedPair(seed: string, key: 'oneLine' | 'fullHouse', limit = 300): [number, number] {
  const t = Array.from({ length: limit }, (_, i) => timeline(seed, i)[key]);
  for (let a = 0; a < limit; a++) for (let b = a + 1; b < limit; b++) if (t[a] === t[b]) return [a, b];
  throw new Error('no tie');
}

describe('prizes in the draw', () => {
  it('ties on one line share it, the odd penny to the earliest claim', () => {
    const [a, b] = tiedPair(SEED, 'oneLine');
    const g = toDraw(SEED, [{ ticketIndex: a }, { ticketIndex: b }], {
      prizes: { oneLine: 1001, twoLines: 2000, fullHouse: 5000 },
    });
    drawToFullHouse(g);
    const award = g.state.awards[0]!;
    expect(award.prize).toBe('one-line');
    expect(award.ballsCalled).toBe(timeline(SEED, a).oneLine);
    const amount = 1001 * (award.onPrizeBall ? 2 : 1);
    expect(award.amountPence).toBe(amount);
    expect(award.winners.map((w) => [w.ticketIndex, w.basePence])).toEqual([
      [a, Math.ceil(amount / 2)],
      [b, Math.floor(amount / 2)],
    ]);
  });

  it('ties on the full house put both in the final, and an all-share splits the odd pot to the penny', () => {
    const [a, b] = tiedPair(SEED, 'fullHouse');
    const g = toDraw(SEED, [{ ticketIndex: a }, { ticketIndex: b }], {
      prizes: { oneLine: 100, twoLines: 200, fullHouse: 5001 },
      rolloverPence: 0,
    });
    drawToFullHouse(g);
    const fh = g.state.awards.find((x) => x.prize === 'full-house')!;
    expect(fh.winners.map((w) => w.ticketIndex)).toEqual([a, b]);
    const pot = 5001 * potMultiplier(SEED) * (fh.onPrizeBall ? 2 : 1);
    expect(g.state.final!.finalists.map((f) => [f.ticketIndex, f.runnerUp])).toEqual([
      [a, false],
      [b, false],
    ]);
    expect(g.state.final!.potPence).toBe(pot);
    finish(g, { [`p${a}`]: 'share', [`p${b}`]: 'share' });
    expect(g.state.result!.outcome).toBe('all-share');
    expect(payoutOf(g.state, `p${a}`).finalBasePence).toBe(Math.ceil(pot / 2));
    expect(payoutOf(g.state, `p${b}`).finalBasePence).toBe(Math.floor(pot / 2));
  });

  it('doubles a prize won on the prize ball', () => {
    // Find a seed where some prize of a one-strip game falls on the prize ball.
    for (let s = 0; s < 500; s++) {
      const seed = seedOf(`pb/${s}`);
      const ball = prizeBall(seed);
      const players = [0, 1, 2, 3, 4, 5].map((ticketIndex) => ({ ticketIndex }));
      const g = drawToFullHouse(
        toDraw(seed, players, { prizes: { oneLine: 1000, twoLines: 2000, fullHouse: 5000 } }),
      );
      const doubled = g.state.awards.find((a) => a.onPrizeBall);
      if (doubled === undefined) continue;
      expect(doubled.ball).toBe(ball);
      const base =
        doubled.prize === 'one-line'
          ? 1000
          : doubled.prize === 'two-lines'
            ? 2000
            : 5000 * potMultiplier(seed);
      expect(doubled.amountPence).toBe(base * 2);
      for (const a of g.state.awards.filter((x) => !x.onPrizeBall)) expect(a.ball).not.toBe(ball);
      return;
    }
    throw new Error('no seed with a prize on the prize ball');
  });

  it('awards the same whatever ticket index order the claims came in (sub-pools deal at once)', () => {
    const players = Array.from({ length: 12 }, (_, i) => ({ ticketIndex: i }));
    const inOrder = drawToFullHouse(toDraw(SEED, players));
    const mixed = drawToFullHouse(toDraw(SEED, [...players.slice(6), ...players.slice(0, 6).reverse()]));
    expect(mixed.state.awards).toEqual(inOrder.state.awards);
    expect(mixed.state.awards.length).toBeGreaterThan(0);
  });

  it('awards prizes in order, one per ball, to the first tickets to complete them', () => {
    const players = Array.from({ length: 12 }, (_, i) => ({ ticketIndex: i }));
    const g = drawToFullHouse(toDraw(SEED, players));
    const tl = players.map((p) => timeline(SEED, p.ticketIndex));
    const oneLine = Math.min(...tl.map((t) => t.oneLine));
    const twoLines = Math.min(...tl.map((t) => t.twoLines));
    const fullHouse = Math.min(...tl.map((t) => t.fullHouse));
    expect(g.state.awards.map((a) => [a.prize, a.ballsCalled])).toEqual([
      ['one-line', oneLine],
      ['two-lines', twoLines],
      ['full-house', fullHouse],
    ]);
    expect(g.state.awards[2]!.winners.map((w) => w.ticketIndex)).toEqual(
      players.filter((_, i) => tl[i]!.fullHouse === fullHouse).map((p) => p.ticketIndex),
    );
    expect(g.state.balls.length).toBe(fullHouse);
  });

  it('brings in the runner-up (fewest numbers left, ties to the earliest claim) beside a lone full-house winner', () => {
    for (let s = 0; s < 50; s++) {
      const seed = seedOf(`ru/${s}`);
      const players = Array.from({ length: 6 }, (_, i) => ({ ticketIndex: i }));
      const g = drawToFullHouse(toDraw(seed, players));
      const fh = g.state.awards.find((a) => a.prize === 'full-house')!;
      if (fh.winners.length !== 1) continue;
      const k = fh.ballsCalled;
      const left = players.map((p) => {
        const t = timeline(seed, p.ticketIndex);
        return t.numbers.filter((n) => t.pos.get(n)! > k).length;
      });
      const winner = fh.winners[0]!.ticketIndex;
      const others = players.map((p) => p.ticketIndex).filter((i) => i !== winner);
      const min = Math.min(...others.map((i) => left[i]!));
      const runnerUp = others.find((i) => left[i] === min)!;
      const finalists = g.state.final!.finalists;
      expect(finalists.map((f) => f.ticketIndex)).toEqual([winner, runnerUp].sort((a, b) => a - b));
      expect(finalists.find((f) => f.runnerUp)!.ticketIndex).toBe(runnerUp);
      expect(finalists.find((f) => f.runnerUp)!.numbersLeft).toBe(min);
      return;
    }
    throw new Error('no seed with a lone full-house winner');
  });
});

describe('the final', () => {
  // Six tickets of one strip: a lone full-house winner or a tie, either way two or more finalists.
  const players: PlayerSpec[] = [0, 1, 2, 3, 4, 5].map((i) => ({ ticketIndex: i, defaultChoice: 'share' }));
  const played = () => drawToFullHouse(toDraw(SEED, players));

  it('all share: the pot is split between the finalists', () => {
    const g = played();
    const fin = g.state.final!.finalists;
    finish(g, Object.fromEntries(fin.map((f) => [f.playerId, 'share'])));
    const r = g.state.result!;
    expect(r.outcome).toBe('all-share');
    expect(fin.map((f) => payoutOf(g.state, f.playerId).finalBasePence).reduce((a, b) => a + b, 0)).toBe(
      r.potPence,
    );
    expect(r.rolloverPence).toBe(0);
  });

  it('some steal: the stealers take the pot, the sharers get nothing', () => {
    const g = played();
    const [first, ...rest] = g.state.final!.finalists;
    finish(g, { [first!.playerId]: 'steal', ...Object.fromEntries(rest.map((f) => [f.playerId, 'share'])) });
    const r = g.state.result!;
    expect(r.outcome).toBe('some-steal');
    expect(payoutOf(g.state, first!.playerId).finalBasePence).toBe(r.potPence);
    for (const f of rest) expect(payoutOf(g.state, f.playerId).finalBasePence).toBe(0);
  });

  it('all steal: nobody wins the pot, it rolls over', () => {
    const g = played();
    const fin = g.state.final!.finalists;
    finish(g, Object.fromEntries(fin.map((f) => [f.playerId, 'steal'])));
    const r = g.state.result!;
    expect(r.outcome).toBe('all-steal');
    expect(r.rolloverPence).toBe(r.potPence);
    expect(g.state.rolloverPence).toBe(r.potPence);
    for (const f of fin) expect(payoutOf(g.state, f.playerId).finalBasePence).toBe(0);
  });

  it('a finalist who does not choose gets their profile default', () => {
    const withDefaults: PlayerSpec[] = players.map((p) => ({ ...p, defaultChoice: 'steal' }));
    const g = drawToFullHouse(toDraw(SEED, withDefaults));
    const [first, ...rest] = g.state.final!.finalists;
    finish(g, { [first!.playerId]: 'share' });
    const r = g.state.result!;
    expect(r.choices.map((c) => [c.playerId, c.choice, c.defaulted])).toEqual([
      [first!.playerId, 'share', false],
      ...rest.map((f) => [f.playerId, 'steal', true]),
    ]);
    expect(r.outcome).toBe('some-steal');
    expect(payoutOf(g.state, first!.playerId).finalBasePence).toBe(0);
  });

  it('a finalist may change their mind until the counter ends; the last choice counts', () => {
    const g = played();
    g.ev((at) => ({ type: 'ruthless-started', at }));
    const f = g.state.final!.finalists[0]!;
    g.ev((at) => ({ type: 'choice-made', at, playerId: f.playerId, choice: 'steal' }));
    g.ev((at) => ({ type: 'choice-made', at, playerId: f.playerId, choice: 'steal' }));
    g.ev((at) => ({ type: 'choice-made', at, playerId: f.playerId, choice: 'share' }));
    expect(g.state.final!.choices[0]).toBe('share');
  });

  it('multiplies everything a ticket wins by its lucky-fate card (pre-game picks)', () => {
    const picked: PlayerSpec[] = players.map((p, i) => ({ ...p, pick: (i % 3) as 0 | 1 | 2 }));
    const g = drawToFullHouse(toDraw(SEED, picked));
    finish(g, Object.fromEntries(g.state.final!.finalists.map((f) => [f.playerId, 'share'])));
    for (const p of g.state.result!.payouts) {
      const card = luckyFateCards(SEED, p.ticketIndex)[(p.ticketIndex % 3) as 0 | 1 | 2];
      expect(p.multiplier).toBe(card);
      expect(p.totalPence).toBe(p.basePence * card);
      expect(p.basePence).toBe(p.linesBasePence + p.finalBasePence);
    }
  });

  it('in-game lucky fate: picks at the stage, a seeded default pick for those who pick none', () => {
    const g = new Game(SEED, { luckyFateMode: 'in-game' });
    for (const i of [0, 1, 2, 3, 4, 5]) {
      g.ev((at) => ({
        type: 'ticket-claimed',
        at,
        ticketIndex: i,
        playerId: `p${i}`,
        defaultChoice: 'share',
        luckyFatePick: null,
      }));
    }
    g.ev((at) => ({
      type: 'reels-started',
      at,
      prizeBall: prizeBall(SEED),
      potMultiplier: potMultiplier(SEED),
    }));
    g.ev((at) => ({ type: 'lucky-fate-opened', at }));
    g.ev((at) => ({ type: 'lucky-fate-picked', at, playerId: 'p0', pick: 2 }));
    g.ev((at) => ({ type: 'lucky-fate-picked', at, playerId: 'p0', pick: 2 })); // same again: fine
    expect(g.try({ type: 'lucky-fate-picked', at: g.now, playerId: 'p0', pick: 1 })).toEqual({
      ok: false,
      code: RuleCode.LuckyFateAlreadyPicked,
    });
    expect(g.try({ type: 'lucky-fate-picked', at: g.now + 15_000, playerId: 'p1', pick: 1 })).toEqual({
      ok: false,
      code: RuleCode.LuckyFateTooLate,
    });
    g.ev((at) => ({ type: 'draw-started', at }));
    drawToFullHouse(g);
    finish(g);
    const reveal = g.state.result!.luckyFate;
    for (const l of reveal) {
      const pick = l.ticketIndex === 0 ? 2 : defaultLuckyFatePick(SEED, l.ticketIndex);
      expect(l).toEqual({
        ticketIndex: l.ticketIndex,
        pick,
        multiplier: luckyFateCards(SEED, l.ticketIndex)[pick],
      });
    }
  });

  it('single-player game: no final, the full-house winner takes every prize and the pot', () => {
    const g = drawToFullHouse(toDraw(SEED, [{ ticketIndex: 3, pick: 1 }], { rolloverPence: 700 }));
    expect(g.state.final).toBeNull();
    expect(g.try({ type: 'ruthless-started', at: g.now })).toEqual({ ok: false, code: RuleCode.NoFinal });
    finish(g);
    const r = g.state.result!;
    expect(r.outcome).toBe('no-final');
    const lines = g.state.awards
      .filter((a) => a.prize !== 'full-house')
      .reduce((s, a) => s + a.amountPence, 0);
    const p = payoutOf(g.state, 'p3');
    expect(p.finalBasePence).toBe(r.potPence);
    expect(r.potPence).toBe((5000 * potMultiplier(SEED) + 700) * (g.state.awards[2]!.onPrizeBall ? 2 : 1));
    expect(p.basePence).toBe(lines + r.potPence);
    expect(p.totalPence).toBe(p.basePence * luckyFateCards(SEED, 3)[1]);
    expect(g.state.stage).toBe('ended');
  });
});

describe('illegal events are refused with their codes', () => {
  const claim = (ticketIndex: number, playerId = `p${ticketIndex}`, at = 1) =>
    ({
      type: 'ticket-claimed',
      at,
      ticketIndex,
      playerId,
      defaultChoice: 'share',
      luckyFatePick: null,
    }) as const;

  it('in the draw: a ball twice, a ball out of order; a paused draw takes a ball by hand and stays paused', () => {
    const g = toDraw(SEED, [{ ticketIndex: 0 }, { ticketIndex: 1 }]);
    const order = drawOrder(SEED);
    expect(g.try({ type: 'ball-called', at: g.now, ball: order[1]! })).toEqual({
      ok: false,
      code: 'draw/out-of-order',
    });
    g.ev((at) => ({ type: 'ball-called', at, ball: order[0]! }));
    expect(g.try({ type: 'ball-called', at: g.now, ball: order[0]! })).toEqual({
      ok: false,
      code: 'draw/ball-already-called',
    });
    expect(g.try({ type: 'ball-called', at: g.now, ball: 91 })).toEqual({ ok: false, code: 'event/invalid' });
    g.ev((at) => ({ type: 'draw-paused', at }));
    expect(nextBall(g.state)).toBe(order[1]);
    g.ev((at) => ({ type: 'ball-called', at, ball: order[1]! }));
    expect(g.state.paused).toBe(true);
    expect(g.state.balls).toEqual([order[0], order[1]]);
    expect(g.try({ type: 'ball-called', at: g.now, ball: order[1]! })).toEqual({
      ok: false,
      code: 'draw/ball-already-called',
    });
    g.ev((at) => ({ type: 'draw-resumed', at }));
    expect(g.try({ type: 'ruthless-started', at: g.now })).toEqual({
      ok: false,
      code: 'stage/full-house-not-won',
    });
    drawToFullHouse(g);
    expect(g.try({ type: 'ball-called', at: g.now, ball: order[g.state.balls.length]! })).toEqual({
      ok: false,
      code: 'draw/full-house-won',
    });
  });

  it('in the final: a choice from a non-finalist, a choice too late, a reveal too early', () => {
    const players = [0, 1, 2, 3, 4, 5].map((i) => ({ ticketIndex: i }));
    const g = drawToFullHouse(toDraw(SEED, players));
    const fin = g.state.final!.finalists;
    const outsider = players
      .map((p) => `p${p.ticketIndex}`)
      .find((id) => !fin.some((f) => f.playerId === id))!;
    expect(g.try({ type: 'choice-made', at: g.now, playerId: fin[0]!.playerId, choice: 'share' })).toEqual({
      ok: false,
      code: 'choice/not-open',
    });
    g.ev((at) => ({ type: 'ruthless-started', at }), 0);
    const start = g.now;
    expect(g.try({ type: 'choice-made', at: start + 1, playerId: outsider, choice: 'steal' })).toEqual({
      ok: false,
      code: 'choice/not-a-finalist',
    });
    expect(
      g.try({ type: 'choice-made', at: start + 19_999, playerId: fin[0]!.playerId, choice: 'steal' }).ok,
    ).toBe(true);
    expect(
      g.try({ type: 'choice-made', at: start + 20_000, playerId: fin[0]!.playerId, choice: 'steal' }),
    ).toEqual({ ok: false, code: 'choice/too-late' });
    const luckyFate = luckyFateToReveal(g.state);
    expect(g.try({ type: 'reveal-started', at: start + 5_000, luckyFate })).toEqual({
      ok: false,
      code: 'reveal/too-early',
    });
    const forged = luckyFate.map((l, i) =>
      i === 0 ? { ...l, multiplier: ((l.multiplier % 3) + 1) as 1 | 2 | 3 } : l,
    );
    expect(g.try({ type: 'reveal-started', at: start + 20_000, luckyFate: forged })).toEqual({
      ok: false,
      code: 'reveal/wrong-lucky-fate',
    });
    expect(g.try({ type: 'reveal-started', at: start + 20_000, luckyFate }).ok).toBe(true);
    // Once the reveal has begun the final is over, and a late choice is told so.
    g.apply({ type: 'reveal-started', at: start + 20_000, luckyFate });
    expect(
      g.try({ type: 'choice-made', at: start + 20_001, playerId: fin[0]!.playerId, choice: 'share' }),
    ).toEqual({ ok: false, code: 'choice/final-over' });
  });

  it('after the end nothing is accepted', () => {
    const g = finish(drawToFullHouse(toDraw(SEED, [{ ticketIndex: 0 }, { ticketIndex: 1 }])));
    expect(g.state.stage).toBe('ended');
    for (const e of [
      { type: 'game-ended', at: g.now },
      claim(9),
      { type: 'ball-called', at: g.now, ball: 1 },
    ] as const) {
      expect(g.try(e)).toEqual({ ok: false, code: 'game/ended' });
    }
  });

  it('claims: after the start, twice by a player, out of index order, over maxTickets; cancel releases all', () => {
    let s = createGame(setupFor(SEED, { maxTickets: 2 }));
    const step = (e: Parameters<typeof applyEvent>[1]) => {
      const r = applyEvent(s, e);
      if (r.ok) s = r.state;
      return r.ok ? 'ok' : r.code;
    };
    expect(step(claim(5))).toBe('ok');
    expect(step(claim(7, 'p5'))).toBe('claim/player-has-ticket');
    expect(step(claim(5, 'q'))).toBe('claim/ticket-index-taken');
    expect(step(claim(3))).toBe('ok');
    expect(step(claim(8))).toBe('claim/sold-out');
    expect(step({ type: 'ticket-released', at: 2, ticketIndex: 3 })).toBe('ok');
    expect(step({ type: 'ticket-released', at: 2, ticketIndex: 3 })).toBe('release/ticket-not-held');
    expect(step(claim(3, 'p8'))).toBe('claim/ticket-index-taken');
    expect(step(claim(8, 'p3'))).toBe('ok');
    expect(step({ type: 'lucky-fate-opened', at: 3 })).toBe('stage/illegal-transition');
    expect(
      step({
        type: 'reels-started',
        at: 3,
        prizeBall: (prizeBall(SEED) % 90) + 1,
        potMultiplier: potMultiplier(SEED),
      }),
    ).toBe('reels/wrong-prize-ball');
    expect(
      step({
        type: 'reels-started',
        at: 3,
        prizeBall: prizeBall(SEED),
        potMultiplier: ((potMultiplier(SEED) % 3) + 1) as 1 | 2 | 3,
      }),
    ).toBe('reels/wrong-pot-multiplier');
    expect(
      step({ type: 'reels-started', at: 3, prizeBall: prizeBall(SEED), potMultiplier: potMultiplier(SEED) }),
    ).toBe('ok');
    expect(step(claim(9))).toBe('claim/closed');
    expect(step({ type: 'game-cancelled', at: 4 })).toBe('stage/illegal-transition');
    expect(step({ type: 'bogus', at: 4 } as never)).toBe('event/unknown-type');
    expect(step({ type: 'game-ended' } as never)).toBe('event/invalid');
    expect(step(null as never)).toBe('event/invalid');

    let c = createGame(setupFor(SEED));
    c = (applyEvent(c, claim(0)) as { state: GameState }).state;
    const cancelled = applyEvent(c, { type: 'game-cancelled', at: 5 });
    expect(cancelled.ok && cancelled.state.tickets.held).toBe(0);
    expect(cancelled.ok && applyEvent(cancelled.state, claim(1))).toEqual({
      ok: false,
      code: 'game/cancelled',
    });
    expect(
      applyEvent(createGame(setupFor(SEED)), {
        type: 'reels-started',
        at: 1,
        prizeBall: prizeBall(SEED),
        potMultiplier: potMultiplier(SEED),
      }),
    ).toEqual({
      ok: false,
      code: 'stage/no-tickets',
    });
  });

  it('a refused event leaves the state untouched, and no event mutates its input', () => {
    const g = toDraw(SEED, [{ ticketIndex: 0 }, { ticketIndex: 1 }]);
    const before = g.state;
    const snapshot = toDraw(SEED, [{ ticketIndex: 0 }, { ticketIndex: 1 }]).state;
    expect(before).toEqual(snapshot);
    const r = applyEvent(before, { type: 'ball-called', at: 1, ball: drawOrder(SEED)[0]! });
    expect(r.ok).toBe(true);
    expect(before).toEqual(snapshot);
    expect(r.ok && r.state).not.toBe(before);
  });

  it('createGame rejects a malformed setup with a TypeError', () => {
    expect(() => createGame(setupFor(SEED, { commitment: '00' }))).toThrow(TypeError);
    expect(() => createGame(setupFor(SEED, { prizes: { oneLine: 1.5, twoLines: 0, fullHouse: 0 } }))).toThrow(
      TypeError,
    );
    expect(() => createGame({ ...setupFor(SEED), seedHex: 'nope' })).toThrow(TypeError);
  });
});
