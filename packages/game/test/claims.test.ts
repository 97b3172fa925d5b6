import { describe, expect, it } from 'vitest';
import {
  RuleCode,
  applyEvent,
  claimRefusal,
  createGame,
  ticketClaim,
  type ClaimableGame,
  type GameState,
  type TicketClaimed,
} from '../src/index';
import { must, seedOf, setupFor } from './helpers';

const open: ClaimableGame = {
  stage: 'scheduled',
  luckyFateMode: 'pre-game',
  started: false,
  ticketsLeft: 1,
  playerHolds: false,
};
const required = { cardRequired: true };

const claimed = (ticketIndex: number, playerId: string, pick: 0 | 1 | 2 | null): TicketClaimed => ({
  ...ticketClaim({ at: ticketIndex + 1, playerId, luckyFatePick: pick }),
  ticketIndex,
  defaultChoice: 'share',
});

describe('the claim rule', () => {
  it('takes a claim while the game is open, and says why it does not otherwise, first reason first', () => {
    expect(claimRefusal(open, 1, required)).toBeNull();
    expect(claimRefusal({ ...open, stage: 'green-room' }, 1, required)).toBeNull();
    expect(claimRefusal({ ...open, stage: 'cancelled', ticketsLeft: 0 }, 1, required)).toBe(
      RuleCode.GameCancelled,
    );
    expect(claimRefusal({ ...open, stage: 'ended' }, 1, required)).toBe(RuleCode.GameEnded);
    expect(claimRefusal({ ...open, stage: 'reels' }, 1, required)).toBe(RuleCode.ClaimClosed);
    expect(claimRefusal({ ...open, started: true, ticketsLeft: 0 }, 1, required)).toBe(RuleCode.ClaimClosed);
    expect(claimRefusal({ ...open, ticketsLeft: 0 }, null, required)).toBe(RuleCode.CardNeeded);
    expect(claimRefusal({ ...open, luckyFateMode: 'in-game', ticketsLeft: 0 }, 1, required)).toBe(
      RuleCode.PickNotAllowed,
    );
    expect(claimRefusal({ ...open, playerHolds: true, ticketsLeft: 0 }, 1, required)).toBe(
      RuleCode.PlayerHasTicket,
    );
    expect(claimRefusal({ ...open, ticketsLeft: 0 }, 1, required)).toBe(RuleCode.SoldOut);
    // The log takes a pre-game claim without a card (its default card is revealed).
    expect(claimRefusal(open, null, { cardRequired: false })).toBeNull();
  });

  it('is the rule the reducer applies to a claim event', () => {
    let state: GameState = createGame(setupFor(seedOf('claims'), { maxTickets: 2 }));
    state = must(state, claimed(0, 'ann', 1));
    expect(applyEvent(state, claimed(1, 'ann', 2))).toEqual({ ok: false, code: RuleCode.PlayerHasTicket });
    state = must(state, claimed(1, 'bob', null));
    expect(applyEvent(state, claimed(2, 'cy', 0))).toEqual({ ok: false, code: RuleCode.SoldOut });
    const inGame = createGame(setupFor(seedOf('claims'), { luckyFateMode: 'in-game' }));
    expect(applyEvent(inGame, claimed(0, 'ann', 1))).toEqual({ ok: false, code: RuleCode.PickNotAllowed });
    const started = must(must(inGame, claimed(0, 'ann', null)), { type: 'green-room-opened', at: 5 });
    expect(applyEvent(started, claimed(1, 'bob', null)).ok).toBe(true);
  });
});
