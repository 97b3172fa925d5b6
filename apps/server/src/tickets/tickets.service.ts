import { luckyFateCards, takesClaims, ticketAt } from '@ruthless/game';
import {
  ClaimErrorCode,
  ClaimMessage,
  MY_SHOWS_LIMIT,
  type ActiveTicket,
  type ClaimResponse,
  type MyShow,
} from '@ruthless/protocol';
import { isUniqueViolation } from '../db/postgres-errors';
import type { GameRow } from '../games/games.repository';
import type { MetadataPublisher } from '../lobby/metadata-publisher';
import { ConflictError, NotFoundError, type DomainError } from '../errors';
import type { TicketRow, TicketsRepository } from './tickets.repository';

function toActiveTicket(ticket: TicketRow, game: GameRow): ActiveTicket {
  // The card behind the pick stays secret until the reveal (docs/game-rules.md stage 7).
  const revealed = (game.stage === 'reveal' || game.stage === 'ended') && ticket.luckyFatePick !== null;
  return {
    gameUuid: game.id,
    roomUuid: game.roomId,
    ticketIndex: ticket.ticketIndex,
    ticket: ticketAt(game.seedHex, ticket.ticketIndex),
    luckyFatePick: ticket.luckyFatePick,
    luckyFateMultiplier: revealed
      ? luckyFateCards(game.seedHex, ticket.ticketIndex)[ticket.luckyFatePick!]!
      : null,
    claimedAt: ticket.claimedAt.toISOString(),
  };
}

/** Claims (one ticket per player per game, never oversold) and the player's active tickets. */
export class TicketsService {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly metadata: MetadataPublisher,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Claims a ticket. `luckyFatePick` is given for pre-game games (the purchase page's card) and
   * null for in-game ones, where the card is picked during the show.
   */
  async claim(request: {
    gameId: string;
    roomId: string;
    playerId: string;
    luckyFatePick: number | null;
  }): Promise<ClaimResponse> {
    const claim = {
      ...request,
      luckyFateMode: request.luckyFatePick === null ? ('in-game' as const) : ('pre-game' as const),
      now: this.clock(),
    };
    let outcome;
    try {
      outcome = await this.tickets.claim(claim);
    } catch (error) {
      // The same player claiming twice at once: one wins, the other gets the ticket it holds.
      if (!isUniqueViolation(error)) throw error;
      outcome = await this.tickets.claim(claim);
    }
    if (outcome.kind === 'refused') throw this.refusal(outcome.game, request, claim.now);
    if (outcome.kind === 'created') this.metadata.touch(request.gameId);
    return { created: outcome.kind === 'created', ticket: toActiveTicket(outcome.ticket, outcome.game) };
  }

  async activeTickets(playerId: string, unfinishedOnly: boolean): Promise<ActiveTicket[]> {
    const rows = await this.tickets.listForPlayer(playerId, unfinishedOnly);
    return rows.map(({ ticket, game }) => toActiveTicket(ticket, game));
  }

  /** The profile's 'My shows': the player's ended games with their ticket and winnings. */
  async myShows(playerId: string): Promise<MyShow[]> {
    const rows = await this.tickets.listFinishedForPlayer(playerId, MY_SHOWS_LIMIT);
    return rows.map(({ ticket, game, roomName, winningsPence }) => {
      const active = toActiveTicket(ticket, game);
      return {
        gameUuid: game.id,
        roomUuid: game.roomId,
        roomName,
        startTime: game.startTime.toISOString(),
        ticketIndex: ticket.ticketIndex,
        ticket: active.ticket,
        luckyFateMultiplier: active.luckyFateMultiplier,
        winningsPence: winningsPence ?? 0,
      };
    });
  }

  /** Why the guarded claim did not deal a ticket, in the words the player sees. */
  private refusal(
    game: GameRow | undefined,
    request: { roomId: string; luckyFatePick: number | null },
    now: Date,
  ): DomainError {
    if (!game) return new NotFoundError(ClaimErrorCode.notFound, ClaimMessage.notFound, 'gameUuid');
    if (game.roomId !== request.roomId) {
      return new NotFoundError(ClaimErrorCode.wrongRoom, ClaimMessage.wrongRoom, 'roomUuid');
    }
    if (game.stage === 'cancelled')
      return new ConflictError(ClaimErrorCode.cancelled, ClaimMessage.cancelled);
    if (!takesClaims(game.stage) || game.startTime <= now) {
      return new ConflictError(ClaimErrorCode.started, ClaimMessage.started);
    }
    if (game.luckyFateMode === 'pre-game' && request.luckyFatePick === null) {
      return new ConflictError(ClaimErrorCode.needsCard, ClaimMessage.needsCard);
    }
    if (game.luckyFateMode === 'in-game' && request.luckyFatePick !== null) {
      return new ConflictError(ClaimErrorCode.cardInGame, ClaimMessage.cardInGame, 'luckyFateCard');
    }
    return new ConflictError(ClaimErrorCode.soldOut, ClaimMessage.soldOut);
  }
}
