import { describe, expect, it } from 'vitest';
import { eventsBy, foldPublishedLog, publicView, publishedEventLog } from '../src/index';
import { drawToFullHouse, finish, seedOf, setupFor, toDraw } from './helpers';

const pseudonym = (playerId: string) => `anon-${playerId}`;

describe('a replay of the published log', () => {
  it('folds to the same game at every event as the stored log, under pseudonyms', () => {
    const seed = seedOf('replay-1');
    const players = [0, 1, 2, 3].map((ticketIndex) => ({
      ticketIndex,
      playerId: `player-${ticketIndex}`,
      defaultChoice: ticketIndex % 2 === 0 ? ('steal' as const) : ('share' as const),
    }));
    const g = drawToFullHouse(toDraw(seed, players));
    const finalists = g.state.final?.finalists.map((finalist) => finalist.playerId) ?? [];
    finish(g, finalists[0] ? { [finalists[0]]: 'share' } : {});
    const played = new Set(
      g.state.result!.choices.filter((choice) => choice.defaulted).map((choice) => choice.playerId),
    );
    const published = publishedEventLog(g.events, pseudonym, played);

    const fold = foldPublishedLog(setupFor(seed), published);
    expect(fold.states).toHaveLength(g.events.length + 1);
    const end = publicView(fold.states.at(-1)!, g.now);
    const live = publicView(g.state, g.now);
    // The same game once every player id is read as its pseudonym.
    expect(JSON.stringify(end)).toBe(JSON.stringify(live).replace(/player-(\d)/g, 'anon-player-$1'));

    // Seeking: a moment between two events shows the state after the earlier one.
    const firstBall = g.events.findIndex((event) => event.type === 'ball-called');
    const at = g.events[firstBall]!.at;
    expect(eventsBy(fold, at)).toBe(firstBall + 1);
    expect(eventsBy(fold, at - 1)).toBe(firstBall);
    expect(eventsBy(fold, -Infinity)).toBe(0);
    expect(eventsBy(fold, Infinity)).toBe(g.events.length);
  });
});
