import { RuleCode } from './rule-codes';
import { takesClaims } from './stages';
import type { LuckyFateMode, LuckyFatePick, Stage, TicketClaimed } from './types';

/** What the claim rule reads of a game: what its stored row holds, no event log needed. */
export interface ClaimableGame {
  readonly stage: Stage;
  readonly luckyFateMode: LuckyFateMode;
  /** The scheduled start has passed (the server's clock; the stage alone may lag it). */
  readonly started: boolean;
  /** Tickets the game can still deal (Infinity without a limit). */
  readonly ticketsLeft: number;
  /** The claiming player holds a ticket of this game already. */
  readonly playerHolds: boolean;
}

/** Why a game refuses a claim. */
export type ClaimRefusal =
  | typeof RuleCode.GameEnded
  | typeof RuleCode.GameCancelled
  | typeof RuleCode.ClaimClosed
  | typeof RuleCode.CardNeeded
  | typeof RuleCode.PickNotAllowed
  | typeof RuleCode.PlayerHasTicket
  | typeof RuleCode.SoldOut;

/**
 * The one rule of a claim, for the reducer (on the folded state) and for the server (on the
 * game's row, to say why its guarded claim dealt nothing). `cardRequired`: the purchase page
 * deals a pre-game game's ticket with its card only; the log itself accepts a pre-game claim
 * without one (the default card is then revealed).
 */
export function claimRefusal(
  game: ClaimableGame,
  luckyFatePick: LuckyFatePick | null,
  options: { cardRequired: boolean },
): ClaimRefusal | null {
  if (game.stage === 'ended') return RuleCode.GameEnded;
  if (game.stage === 'cancelled') return RuleCode.GameCancelled;
  if (!takesClaims(game.stage) || game.started) return RuleCode.ClaimClosed;
  if (options.cardRequired && game.luckyFateMode === 'pre-game' && luckyFatePick === null) {
    return RuleCode.CardNeeded;
  }
  if (game.luckyFateMode === 'in-game' && luckyFatePick !== null) return RuleCode.PickNotAllowed;
  if (game.playerHolds) return RuleCode.PlayerHasTicket;
  if (game.ticketsLeft <= 0) return RuleCode.SoldOut;
  return null;
}

/** The lucky-fate mode of the games a claim with this pick fits (purchase page: card or none). */
export const luckyFateModeOfClaim = (luckyFatePick: LuckyFatePick | null): LuckyFateMode =>
  luckyFatePick === null ? 'in-game' : 'pre-game';

/** A claim's event before the dealing: what the claimant brings. */
export type TicketClaim = Omit<TicketClaimed, 'ticketIndex' | 'defaultChoice'>;

/**
 * A claim's event, but for the two facts dealt with the game's row locked: the next ticket index
 * and the default choice of the player's profile (the claim's SQL adds them as it stores it).
 */
export function ticketClaim(claim: {
  at: number;
  playerId: string;
  luckyFatePick: LuckyFatePick | null;
}): TicketClaim {
  return {
    type: 'ticket-claimed',
    at: claim.at,
    playerId: claim.playerId,
    luckyFatePick: claim.luckyFatePick,
  };
}
