import { describe, expect, it } from 'vitest';
import {
  ballSequence,
  bingoTicketQueue,
  drawOrder,
  gameProgress,
  gameState,
  hasGameEnded,
  hasGameStarted,
  luckyFateCards,
  nextBall,
  playerView,
  publicView,
  ruthlessCounter,
  statusBarData,
  ticketAt,
  ticketMarks,
  potMultiplier,
} from '../src/index';
import { drawToFullHouse, finish, Game, seedOf, toDraw } from './helpers';

const SEED = seedOf('views');

describe('views', () => {
  it('the near-win queue and marks agree with a brute-force count after every ball', () => {
    const players = Array.from({ length: 60 }, (_, i) => ({ ticketIndex: i * 2 }));
    const g = toDraw(SEED, players);
    const order = drawOrder(SEED);
    while (g.state.currentPrize !== null) {
      g.ev((at) => ({ type: 'ball-called', at, ball: nextBall(g.state)! }));
      const prize = g.state.currentPrize;
      const brute = players
        .map((p) => {
          const m = ticketMarks(g.state, p.ticketIndex)!;
          const rows = [...m.rowsLeft].sort((a, b) => a - b);
          const togo =
            prize === null
              ? null
              : prize === 'one-line'
                ? rows[0]!
                : prize === 'two-lines'
                  ? rows[0]! + rows[1]!
                  : m.numbersLeft;
          expect(m.togo).toBe(togo);
          return { ticketIndex: p.ticketIndex, playerId: `p${p.ticketIndex}`, togo };
        })
        .filter((x) => x.togo === 1 || x.togo === 2)
        .sort((a, b) => a.togo! - b.togo! || a.ticketIndex - b.ticketIndex);
      expect(bingoTicketQueue(g.state)).toEqual(brute);
      expect(bingoTicketQueue(g.state, 3)).toEqual(brute.slice(0, 3));
    }
    expect(ballSequence(g.state)).toEqual(order.slice(0, g.state.balls.length));
    expect(nextBall(g.state)).toBeNull();
  });

  it('ticketMarks shows the grid from the seed with called numbers marked', () => {
    const g = toDraw(SEED, [{ ticketIndex: 4 }]);
    const order = drawOrder(SEED);
    for (let i = 0; i < 10; i++) g.ev((at) => ({ type: 'ball-called', at, ball: order[i]! }));
    const m = ticketMarks(g.state, 4)!;
    expect(m.ticket).toEqual(ticketAt(SEED, 4));
    const called = new Set(order.slice(0, 10));
    m.ticket.forEach((row, r) =>
      row.forEach((n, c) => expect(m.marked[r]![c]).toBe(n !== null && called.has(n))),
    );
    expect(m.numbersLeft).toBe(15 - m.marked.flat().filter(Boolean).length);
    expect(ticketMarks(g.state, 5)).toBeNull();
  });

  it('stage flags, progress, status bar and the counter', () => {
    const g = new Game(SEED, { timings: { ruthlessMs: 20_000 } });
    expect([gameState(g.state), hasGameStarted(g.state), hasGameEnded(g.state)]).toEqual([
      'scheduled',
      false,
      false,
    ]);
    expect(ruthlessCounter(g.state, 0)).toBe(20);
    const d = toDraw(
      SEED,
      [0, 1, 2, 3, 4, 5].map((i) => ({ ticketIndex: i })),
      { rolloverPence: 10 },
    );
    expect(hasGameStarted(d.state)).toBe(true);
    const bar = statusBarData(d.state);
    expect(bar).toEqual({
      ballsCalled: 0,
      players: 6,
      currentPrize: 'one-line',
      currentPrizePence: 1000,
      pot: 5000 * potMultiplier(SEED) + 10,
    });
    drawToFullHouse(d);
    expect(gameProgress(d.state)).toMatchObject({
      ballsTotal: 90,
      currentPrize: null,
      prizesWon: ['one-line', 'two-lines', 'full-house'],
    });
    d.ev((at) => ({ type: 'ruthless-started', at }), 0);
    const t0 = d.now;
    expect(ruthlessCounter(d.state, t0)).toBe(20);
    expect(ruthlessCounter(d.state, t0 + 500)).toBe(20);
    expect(ruthlessCounter(d.state, t0 + 1000)).toBe(19);
    expect(ruthlessCounter(d.state, t0 + 25_000)).toBe(0);
    finish(d);
    expect([gameState(d.state), hasGameEnded(d.state), ruthlessCounter(d.state, 0)]).toEqual([
      'ended',
      true,
      0,
    ]);
  });

  it('a player sees their own choice but no one else`s, no cards and no seed until the reveal / the end', () => {
    const players = [0, 1, 2, 3, 4, 5].map((i) => ({
      ticketIndex: i,
      pick: 1 as const,
      defaultChoice: 'steal' as const,
    }));
    const g = drawToFullHouse(toDraw(SEED, players));
    g.ev((at) => ({ type: 'ruthless-started', at }));
    const [a, b] = g.state.final!.finalists;
    g.ev((at) => ({ type: 'choice-made', at, playerId: a!.playerId, choice: 'share' }));
    const mine = playerView(g.state, a!.playerId, g.now);
    expect(mine.seedHex).toBeNull();
    expect(mine.myChoice).toBe('share');
    expect(mine.isFinalist).toBe(true);
    expect(mine.final!.finalists.find((f) => f.playerId === a!.playerId)!.choice).toBe('share');
    expect(mine.final!.finalists.find((f) => f.playerId === b!.playerId)!.choice).toBeNull();
    expect(mine.myTicket!.luckyFateCards).toBeNull();
    expect(mine.myTicket!.luckyFateMultiplier).toBeNull();
    expect(mine.myTicket!.luckyFatePick).toBe(1);
    expect(mine.result).toBeNull();
    const theirs = playerView(g.state, b!.playerId, g.now);
    expect(theirs.final!.finalists.find((f) => f.playerId === a!.playerId)).toMatchObject({
      hasChosen: true,
      choice: null,
    });
    const pub = publicView(g.state, g.now);
    expect(pub.final!.finalists.every((f) => f.choice === null)).toBe(true);
    expect(JSON.stringify(pub)).not.toContain(SEED);
    expect(JSON.stringify(pub)).not.toContain('defaultChoice');

    finish(g, { [a!.playerId]: 'share' });
    const after = playerView(g.state, b!.playerId, g.now);
    expect(after.seedHex).toBe(SEED);
    expect(after.final!.finalists.find((f) => f.playerId === a!.playerId)!.choice).toBe('share');
    expect(after.final!.finalists.find((f) => f.playerId === b!.playerId)!.choice).toBe('steal'); // their default
    expect(after.myTicket!.luckyFateCards).toEqual(luckyFateCards(SEED, b!.ticketIndex));
    expect(after.myTicket!.luckyFateMultiplier).toBe(luckyFateCards(SEED, b!.ticketIndex)[1]);
    expect(after.result!.outcome).toBe('some-steal');
  });
});
