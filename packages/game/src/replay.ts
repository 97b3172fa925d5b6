import { applyEvent } from './apply-event';
import { createGame } from './game-state';
import type { PublishedGameEvent } from './publish';
import type { GameEvent, GameSetup, GameState } from './types';

/** A game folded from its published log: the state after each event, with the event's time. */
export interface ReplayFold {
  /** `states[0]` is the game before any event; `states[i]` the game after `events[i - 1]`. */
  readonly states: readonly GameState[];
  /** `times[i]` is the time of `events[i]` (ms). */
  readonly times: readonly number[];
}

/**
 * Folds an ended game's published event log (docs/live-show.md) with the reducer, keeping the
 * state after every event, so a replay can show any moment without inventing anything: the state
 * at time t is the fold of the events at or before t. The published log keeps a holder's default
 * choice only where it was played; an unplayed default decides nothing (its holder chose, or was
 * no finalist), so any value folds to the same game, and 'share' stands in for it.
 * Throws when the reducer refuses an event: such a log is not the game that was played.
 */
export function foldPublishedLog(setup: GameSetup, events: readonly PublishedGameEvent[]): ReplayFold {
  let state = createGame(setup);
  const states: GameState[] = [state];
  const times: number[] = [];
  events.forEach((published, index) => {
    const event: GameEvent =
      published.type === 'ticket-claimed'
        ? { ...published, defaultChoice: published.defaultChoice ?? 'share' }
        : published;
    const applied = applyEvent(state, event);
    if (!applied.ok) throw new Error(`event ${index + 1} (${event.type}) refused: ${applied.code}`);
    state = applied.state;
    states.push(state);
    times.push(event.at);
  });
  return { states, times };
}

/** How many events of the fold had happened at time `at` (the index of the state to show). */
export function eventsBy(fold: ReplayFold, at: number): number {
  let low = 0;
  let high = fold.times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (fold.times[middle]! <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}
