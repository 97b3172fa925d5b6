import type { LobbyGame } from '@ruthless/protocol';

/**
 * The game row's line on lucky fate. Before the show it says when the player picks a card; once
 * the show is on air no ticket can be claimed, so it says what happened instead of inviting a pick.
 */
export function luckyFateLine(mode: LobbyGame['prizeLuckyFateSelections'], onAir: boolean): string {
  if (onAir) {
    return mode === 'pre-game'
      ? 'Lucky fate: the cards were picked at claim'
      : 'Lucky fate: the cards are picked live in the show';
  }
  return mode === 'pre-game'
    ? 'Lucky fate: pick your card when you claim'
    : 'Lucky fate: pick your card live in the show';
}
