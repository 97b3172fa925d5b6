import {
  RuleCode,
  claimRefusal,
  luckyFateCards,
  luckyFateModeOfClaim,
  ticketAt,
  ticketClaim,
  type ClaimRefusal,
  type LuckyFatePick,
} from '@ruthless/game';
import {
  ClaimErrorCode,
  ClaimMessage,
  MY_SHOWS_LIMIT,
  type ActiveTicket,
  type ClaimResponse,
  type MyShow,
} from '@ruthless/protocol';
import { isSerializationFailure, isUniqueViolation } from '../db/postgres-errors';
import type { GameRow } from '../games/games.repository';
import type { LiveGames } from '../live/live-games.service';
import type { MetadataPublisher } from '../lobby/metadata-publisher';
import { BusyError, ConflictError, NotFoundError, type DomainError } from '../errors';
import { GroupedCalls } from '../db/grouped-calls';
import { identityRefusal } from '../auth/authenticate';
import { awayRefusal } from '../safety/safety.service';
import type { ClaimOutcome, ClaimRequest, TicketRow, TicketsRepository } from './tickets.repository';

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

/**
 * What the player is told when the engine's claim rule refuses (`claimRefusal`): the compiler asks
 * for an answer to every reason the engine has.
 */
const CLAIM_REFUSALS: Record<ClaimRefusal, () => DomainError> = {
  [RuleCode.GameEnded]: () => new ConflictError(ClaimErrorCode.started, ClaimMessage.started),
  [RuleCode.GameCancelled]: () => new ConflictError(ClaimErrorCode.cancelled, ClaimMessage.cancelled),
  [RuleCode.ClaimClosed]: () => new ConflictError(ClaimErrorCode.started, ClaimMessage.started),
  [RuleCode.CardNeeded]: () => new ConflictError(ClaimErrorCode.needsCard, ClaimMessage.needsCard),
  [RuleCode.PickNotAllowed]: () =>
    new ConflictError(ClaimErrorCode.cardInGame, ClaimMessage.cardInGame, 'luckyFateCard'),
  [RuleCode.PlayerHasTicket]: () =>
    new ConflictError(ClaimErrorCode.alreadyClaimed, 'You already have tickets for this game.'),
  [RuleCode.SoldOut]: () => new ConflictError(ClaimErrorCode.soldOut, ClaimMessage.soldOut),
};

/**
 * A player's claim lane (docs/tickets.md "Sub-pools"): their sub-pool is lane % the game's count
 * of sub-pools (1, 2, 4 or 8, so a lane's players share one sub-pool), and a game's claims of
 * one sub-pool are grouped together. FNV-1a of the player id: the same player, the same lane.
 */
export function claimLane(playerId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < playerId.length; i++) hash = Math.imul(hash ^ playerId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % CLAIM_LANES;
}
const CLAIM_LANES = 8;
/** How many times a claim that found tickets only in sub-pools other deals held is dealt again. */
const BUSY_ROUNDS = 50;
/** Games whose sub-pool count this process keeps (it never changes for a game). */
const POOL_COUNTS_KEPT = 10_000;

/**
 * Claims (one ticket per player per game, never oversold) and the player's active tickets. A
 * claim's trip (docs/architecture.md): the engine builds its event and says which games take it,
 * one SQL call deals the ticket and stores the event, and the live game folds it with the
 * engine's reducer and sends it to the game's viewers at once; the lobby's counts follow,
 * coalesced.
 */
export class TicketsService {
  // A game's claims of one sub-pool that arrive while its previous group is dealt are dealt
  // together: one statement and one commit for the group (docs/performance.md, "Against a peer:
  // claims in groups"); the groups of a game's sub-pools are dealt at once (docs/tickets.md).
  private readonly deals = new GroupedCalls<ClaimRequest, ClaimOutcome>(
    (key, claims) => this.dealGroup(claims[0]!.gameId, Number(key.split(' ')[1]), claims),
    { maxGroup: 256, inFlight: 1 },
  );
  /** The games' sub-pool counts, as their deals answered; a game not seen yet counts as one. */
  private readonly poolCounts = new Map<string, number>();

  constructor(
    private readonly tickets: TicketsRepository,
    private readonly metadata: MetadataPublisher,
    private readonly live: Pick<LiveGames, 'claimed'>,
    /** Told when a stored claim could not reach the live game (the database restarting). */
    private readonly onPushError: (error: unknown) => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Claims a ticket. `luckyFatePick` is given for pre-game games (the purchase page's card) and
   * null for in-game ones, where the card is picked during the show. Who may claim is judged in
   * the same statement as the deal: the claimant's token against their cut-off (`tokenIssuedAt`,
   * which the route's `authenticateForClaim` leaves to this), and a break in force.
   */
  async claim(request: {
    gameId: string;
    roomId: string;
    playerId: string;
    tokenIssuedAt: number;
    tokenSessionId?: string | undefined;
    luckyFatePick: number | null;
  }): Promise<ClaimResponse> {
    const now = this.clock();
    const luckyFatePick = request.luckyFatePick as LuckyFatePick | null;
    const claim: ClaimRequest = {
      gameId: request.gameId,
      roomId: request.roomId,
      luckyFateMode: luckyFateModeOfClaim(luckyFatePick),
      claim: ticketClaim({ at: now.getTime(), playerId: request.playerId, luckyFatePick }),
      now,
      tokenIssuedAt: request.tokenIssuedAt,
      tokenSessionId: request.tokenSessionId,
    };
    const outcome = await this.deal(claim);
    if (outcome.kind === 'token-revoked') throw identityRefusal('invalid');
    if (outcome.kind === 'away') throw awayRefusal(outcome.playBreak);
    if (outcome.kind === 'refused') throw this.refusal(outcome.game, request, now);
    if (outcome.kind === 'created') {
      // Not waited for: the answer does not hang on the broadcast.
      this.live.claimed(outcome.game, outcome.event).catch(this.onPushError);
      this.metadata.touch(request.gameId);
    }
    return { created: outcome.kind === 'created', ticket: toActiveTicket(outcome.ticket, outcome.game) };
  }

  /** The claim dealt in its sub-pool's next group, again while other deals held the tickets left. */
  private async deal(claim: ClaimRequest): Promise<Exclude<ClaimOutcome, { kind: 'busy' }>> {
    for (let round = 1; round <= BUSY_ROUNDS; round++) {
      const pools = this.poolCounts.get(claim.gameId) ?? 1;
      const outcome = await this.deals.call(
        `${claim.gameId} ${claimLane(claim.claim.playerId) % pools}`,
        claim,
      );
      if (outcome.kind !== 'busy') {
        this.keepPoolCount(outcome);
        return outcome;
      }
    }
    throw new BusyError();
  }

  private keepPoolCount(outcome: ClaimOutcome): void {
    const game = 'game' in outcome ? outcome.game : undefined;
    if (!game || this.poolCounts.get(game.id) === game.ticketPools) return;
    if (this.poolCounts.size >= POOL_COUNTS_KEPT) this.poolCounts.clear();
    this.poolCounts.set(game.id, game.ticketPools);
  }

  /**
   * Deals a group of one game's claims from `lane`'s sub-pool, in order; a player's second claim
   * in it comes after. A game its host changed meanwhile undid the deal: it is dealt again.
   */
  private async dealGroup(gameId: string, lane: number, claims: ClaimRequest[]): Promise<ClaimOutcome[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dealGroupOnce(gameId, lane, claims);
      } catch (error) {
        if (!isSerializationFailure(error) || attempt === 3) throw error;
      }
    }
  }

  private async dealGroupOnce(gameId: string, lane: number, claims: ClaimRequest[]): Promise<ClaimOutcome[]> {
    if (claims.length === 1) return [await this.dealOne(lane, claims[0]!)];
    const players = new Set<string>();
    const firsts: number[] = [];
    const agains: number[] = [];
    claims.forEach((claim, i) => {
      const again = players.has(claim.claim.playerId);
      players.add(claim.claim.playerId);
      (again ? agains : firsts).push(i);
    });
    let dealt: ClaimOutcome[];
    try {
      dealt = await this.tickets.claimGroup(
        gameId,
        lane,
        firsts.map((i) => claims[i]!),
      );
    } catch (error) {
      // A player of the group claimed at once on another process: the group was undone.
      if (!isUniqueViolation(error)) throw error;
      dealt = [];
      for (const i of firsts) dealt.push(await this.dealOne(lane, claims[i]!));
    }
    const outcomes: ClaimOutcome[] = [];
    firsts.forEach((claimIndex, i) => (outcomes[claimIndex] = dealt[i]!));
    if (agains.length > 0) {
      const again = await this.dealGroupOnce(
        gameId,
        lane,
        agains.map((i) => claims[i]!),
      );
      agains.forEach((claimIndex, i) => (outcomes[claimIndex] = again[i]!));
    }
    return outcomes;
  }

  private async dealOne(lane: number, claim: ClaimRequest): Promise<ClaimOutcome> {
    const deal = async () => (await this.tickets.claimGroup(claim.gameId, lane, [claim]))[0]!;
    try {
      return await deal();
    } catch (error) {
      // The same player claiming twice at once: one wins, the other gets the ticket it holds.
      if (!isUniqueViolation(error)) throw error;
      return deal();
    }
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

  /**
   * Why the guarded claim did not deal a ticket: the request named no game of that room, or the
   * engine's claim rule says why, read on the game as the claim found it.
   */
  private refusal(
    game: GameRow | undefined,
    request: { roomId: string; luckyFatePick: number | null },
    now: Date,
  ): DomainError {
    if (!game) return new NotFoundError(ClaimErrorCode.notFound, ClaimMessage.notFound, 'gameUuid');
    if (game.roomId !== request.roomId) {
      return new NotFoundError(ClaimErrorCode.wrongRoom, ClaimMessage.wrongRoom, 'roomUuid');
    }
    const rule = claimRefusal(
      {
        stage: game.stage,
        luckyFateMode: game.luckyFateMode,
        started: game.startTime <= now,
        ticketsLeft: game.ticketsAvailable,
        // A held ticket is the claim's answer, never a refusal.
        playerHolds: false,
      },
      request.luckyFatePick as LuckyFatePick | null,
      { cardRequired: true },
    );
    // The row moved on between the guarded update and its read: a claim that lost the last ticket.
    return CLAIM_REFUSALS[rule ?? RuleCode.SoldOut]();
  }
}
