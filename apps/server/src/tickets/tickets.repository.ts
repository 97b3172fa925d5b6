import { and, asc, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { LuckyFatePick, TicketClaimed } from '@ruthless/game';
import { OPERATOR } from '@ruthless/protocol';
import type { Db } from '../db/database';
import { gameEvents, games, payouts, playerProfiles, rooms, tickets } from '../db/schema';
import type { GameRow } from '../games/games.repository';

export type TicketRow = typeof tickets.$inferSelect;

export interface ClaimRequest {
  gameId: string;
  roomId: string;
  playerId: string;
  luckyFateMode: 'pre-game' | 'in-game';
  luckyFatePick: number | null;
  now: Date;
  /** Deals ticket number `ticketIndex` from the game's seed. */
  deal(seedHex: string, ticketIndex: number): (number | null)[][];
}

export type ClaimOutcome =
  { kind: 'created'; ticket: TicketRow } | { kind: 'existing'; ticket: TicketRow } | { kind: 'refused' };

export class TicketsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims a ticket in one transaction. The guarded update on the game row is what makes
   * overselling impossible: it only decrements while tickets remain and the game is open, and
   * concurrent claims queue on the row's lock, from any number of processes.
   */
  claim(request: ClaimRequest): Promise<ClaimOutcome> {
    return this.db.transaction(async (tx) => {
      const [held] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.gameId, request.gameId), eq(tickets.playerId, request.playerId)))
        .limit(1);
      if (held) return { kind: 'existing', ticket: held };

      const [dealt] = await tx
        .update(games)
        .set({
          ticketsAvailable: sql`${games.ticketsAvailable} - 1`,
          ticketsDealt: sql`${games.ticketsDealt} + 1`,
          eventSeq: sql`${games.eventSeq} + 1`,
        })
        .where(
          and(
            eq(games.id, request.gameId),
            eq(games.roomId, request.roomId),
            inArray(games.state, ['scheduled', 'green-room']),
            eq(games.luckyFateMode, request.luckyFateMode),
            gt(games.startTime, request.now),
            gt(games.ticketsAvailable, 0),
          ),
        )
        .returning({
          ticketIndex: sql<number>`${games.ticketsDealt} - 1`,
          seedHex: games.seedHex,
          seq: games.eventSeq,
        });
      if (!dealt) return { kind: 'refused' };

      // The claim is also the game's next event, stored in the same transaction (event sourcing).
      const [profile] = await tx
        .select({ defaultChoice: playerProfiles.defaultChoice })
        .from(playerProfiles)
        .where(and(eq(playerProfiles.userId, request.playerId), eq(playerProfiles.operator, OPERATOR)));
      const event: TicketClaimed = {
        type: 'ticket-claimed',
        at: request.now.getTime(),
        ticketIndex: dealt.ticketIndex,
        playerId: request.playerId,
        defaultChoice: profile?.defaultChoice === 'steal' ? 'steal' : 'share',
        luckyFatePick: request.luckyFatePick as LuckyFatePick | null,
      };
      await tx
        .insert(gameEvents)
        .values({ gameId: request.gameId, seq: dealt.seq, type: event.type, event: { ...event } });

      const [ticket] = await tx
        .insert(tickets)
        .values({
          gameId: request.gameId,
          playerId: request.playerId,
          ticketIndex: dealt.ticketIndex,
          numbers: request.deal(dealt.seedHex, dealt.ticketIndex),
          luckyFatePick: request.luckyFatePick,
        })
        .returning();
      return { kind: 'created', ticket: ticket! };
    });
  }

  /** The player's tickets that were not given back, with their games, oldest game first. */
  listForPlayer(playerId: string, unfinishedOnly: boolean): Promise<{ ticket: TicketRow; game: GameRow }[]> {
    return this.db
      .select({ ticket: tickets, game: games })
      .from(tickets)
      .innerJoin(games, eq(games.id, tickets.gameId))
      .where(
        and(
          eq(tickets.playerId, playerId),
          isNull(tickets.releasedAt),
          unfinishedOnly ? notInArray(games.state, ['ended', 'cancelled']) : undefined,
        ),
      )
      .orderBy(asc(games.startTime));
  }

  /** The player's tickets for ended games, newest first, with the room's name and what they won. */
  listFinishedForPlayer(
    playerId: string,
    limit: number,
  ): Promise<{ ticket: TicketRow; game: GameRow; roomName: string; winningsPence: number | null }[]> {
    return this.db
      .select({ ticket: tickets, game: games, roomName: rooms.name, winningsPence: payouts.pence })
      .from(tickets)
      .innerJoin(games, eq(games.id, tickets.gameId))
      .innerJoin(rooms, eq(rooms.id, games.roomId))
      .leftJoin(payouts, and(eq(payouts.gameId, tickets.gameId), eq(payouts.playerId, tickets.playerId)))
      .where(and(eq(tickets.playerId, playerId), isNull(tickets.releasedAt), eq(games.state, 'ended')))
      .orderBy(desc(games.startTime))
      .limit(limit);
  }
}
