import { describe, expect, it } from 'vitest';
import { publishedEventLog, verifyGame } from '../src/index';
import { drawToFullHouse, finish, seedOf, toDraw } from './helpers';

/** A finished game of six holders; finalists who are told a choice make it, the rest default. */
function playedGame(
  label: string,
  choosing: (finalists: readonly string[]) => Record<string, 'share' | 'steal'>,
) {
  const seed = seedOf(label);
  const players = [0, 1, 2, 3, 4, 5].map((ticketIndex) => ({
    ticketIndex,
    playerId: `player-${ticketIndex}`,
    defaultChoice: ticketIndex % 2 === 0 ? ('steal' as const) : ('share' as const),
  }));
  const g = drawToFullHouse(toDraw(seed, players));
  const finalists = g.state.final?.finalists.map((finalist) => finalist.playerId) ?? [];
  finish(g, choosing(finalists));
  return { g, seed };
}

const pseudonym = (playerId: string) => `anon-${playerId.length}-${[...playerId].reverse().join('')}`;

describe('the published event log', () => {
  it('verifies every event, names nobody by their id and tells only the defaults that were played', () => {
    // The first finalist chooses; every other finalist's default decides for them.
    const { g, seed } = playedGame('publish-1', (finalists) => ({ [finalists[0]!]: 'share' }));
    const result = g.state.result!;
    const played = new Set(
      result.choices.filter((choice) => choice.defaulted).map((choice) => choice.playerId),
    );
    expect(played.size).toBeGreaterThan(0);

    const published = publishedEventLog(g.events, pseudonym, played);
    expect(verifyGame(seed, g.state.setup.commitment, published)).toEqual({ ok: true });
    expect(published.map((event) => event.type)).toEqual(g.events.map((event) => event.type));
    expect(JSON.stringify(published)).not.toMatch(/"player-\d"/);

    const claims = published.flatMap((event) => (event.type === 'ticket-claimed' ? [event] : []));
    expect(claims).toHaveLength(6);
    for (const claim of claims) {
      const playerId = `player-${claim.ticketIndex}`;
      expect(claim.playerId).toBe(pseudonym(playerId));
      if (played.has(playerId))
        expect(claim.defaultChoice).toBe(claim.ticketIndex % 2 === 0 ? 'steal' : 'share');
      else expect(claim).not.toHaveProperty('defaultChoice');
    }
    // A choice made keeps its maker's pseudonym, so the log still reads as one game.
    const made = published.find((event) => event.type === 'choice-made');
    expect(made).toMatchObject({ playerId: pseudonym(g.state.final!.finalists[0]!.playerId) });
  });

  it('still catches a changed ball in a published log', () => {
    const { g, seed } = playedGame('publish-2', () => ({}));
    const published = publishedEventLog(g.events, pseudonym, new Set());
    const i = published.findIndex((event) => event.type === 'ball-called');
    const ball = published[i] as { type: 'ball-called'; at: number; ball: number };
    published[i] = { ...ball, ball: (ball.ball % 90) + 1 };
    expect(verifyGame(seed, g.state.setup.commitment, published)).toMatchObject({ ok: false, index: i });
  });
});
