import type { GameResults } from '@ruthless/protocol';
import { money } from './labels';

/**
 * What the Share button says for the player: their win and how they played the final ('I stole
 * £120.00 in Midnight Madness'), or, having won nothing, a neutral line about the show (nobody
 * brags about a loss).
 */
export function shareText(results: GameResults, me: string | null, roomName: string): string {
  const won = me === null ? 0 : (results.payouts.find((payout) => payout.playerId === me)?.pence ?? 0);
  if (won <= 0) return `See how ${roomName} ended on Ruthless`;
  const choice = results.finalists.find((finalist) => finalist.playerId === me)?.choice;
  if (choice === 'steal') return `I stole ${money(won)} in ${roomName}`;
  if (choice === 'share') return `I shared ${money(won)} in ${roomName}`;
  return `I won ${money(won)} in ${roomName}`;
}
