import type { Choice, GameEvent, TicketClaimed } from './types';

/** A claim as published: the holder's default choice only where it was played. */
export type PublishedTicketClaimed = Omit<TicketClaimed, 'defaultChoice'> & {
  readonly defaultChoice?: Choice;
};
/** An event of a game's log as published after the show (`publishedEventLog`). */
export type PublishedGameEvent = Exclude<GameEvent, TicketClaimed> | PublishedTicketClaimed;

/**
 * A game's event log as published after the show, holding what `verifyGame` needs and no more:
 * every player id becomes `pseudonym(playerId)` (the caller's, one per player that changes with
 * each game, so a regular cannot be followed from show to show), and a holder's default share or
 * steal is kept only where it was played (`playedDefaults`: the finalists who did not choose in
 * time), so nobody learns a regular's strategy before the next final.
 */
export function publishedEventLog(
  events: readonly GameEvent[],
  pseudonym: (playerId: string) => string,
  playedDefaults: ReadonlySet<string>,
): PublishedGameEvent[] {
  return events.map((event): PublishedGameEvent => {
    switch (event.type) {
      case 'ticket-claimed': {
        const { defaultChoice, ...claim } = event;
        return {
          ...claim,
          playerId: pseudonym(event.playerId),
          ...(playedDefaults.has(event.playerId) ? { defaultChoice } : {}),
        };
      }
      case 'lucky-fate-picked':
      case 'choice-made':
        return { ...event, playerId: pseudonym(event.playerId) };
      default:
        return event;
    }
  });
}
