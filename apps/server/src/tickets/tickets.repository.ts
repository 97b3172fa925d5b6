import { and, asc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { games, tickets } from '../db/schema';
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
        })
        .where(
          and(
            eq(games.id, request.gameId),
            eq(games.roomId, request.roomId),
            eq(games.state, 'scheduled'),
            eq(games.luckyFateMode, request.luckyFateMode),
            gt(games.startTime, request.now),
            gt(games.ticketsAvailable, 0),
          ),
        )
        .returning({ ticketIndex: sql<number>`${games.ticketsDealt} - 1`, seedHex: games.seedHex });
      if (!dealt) return { kind: 'refused' };

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

  /** Gives back every ticket of a game; returns the players who held one. */
  async releaseAll(gameId: string, at: Date): Promise<string[]> {
    const released = await this.db
      .update(tickets)
      .set({ releasedAt: at })
      .where(and(eq(tickets.gameId, gameId), isNull(tickets.releasedAt)))
      .returning({ playerId: tickets.playerId });
    return released.map((row) => row.playerId);
  }
}
