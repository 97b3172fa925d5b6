import { and, asc, desc, eq, getTableColumns, isNull, notInArray, sql, type Table } from 'drizzle-orm';
import { FINISHED_STAGES } from '@ruthless/game';
import { OPERATOR } from '@ruthless/protocol';
import { queryRows, type Db } from '../db/database';
import { games, payouts, rooms, tickets } from '../db/schema';
import type { GameRow } from '../games/games.repository';

export type TicketRow = typeof tickets.$inferSelect;

export interface ClaimRequest {
  gameId: string;
  roomId: string;
  playerId: string;
  luckyFateMode: 'pre-game' | 'in-game';
  luckyFatePick: number | null;
  now: Date;
}

/** The ticket held or dealt with its game (as the claim left it), or the game that refused. */
export type ClaimOutcome =
  | { kind: 'created' | 'existing'; ticket: TicketRow; game: GameRow }
  | { kind: 'refused'; game: GameRow | undefined };

export class TicketsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims a ticket in one call of the claim_ticket function (migration 0007, docs/performance.md
   * "Claims"): PL/pgSQL plans its statements once per connection. The same player claiming twice
   * at once breaks tickets_game_player_key in one of the two (the caller retries and gets the
   * held ticket).
   */
  async claim(request: ClaimRequest): Promise<ClaimOutcome> {
    const rows = await queryRows<{ claim: ClaimAnswer | string }>(
      this.db,
      sql`select claim_ticket(
      ${request.gameId}, ${request.roomId}, ${request.playerId}, ${OPERATOR}, ${request.luckyFateMode},
      ${request.luckyFatePick}::int, ${request.now.toISOString()}, ${request.now.getTime()}) as claim`,
    );
    const raw = rows[0]!.claim;
    const answer = typeof raw === 'string' ? (JSON.parse(raw) as ClaimAnswer) : raw;
    const game = answer.game ? fromJsonRow(games, answer.game) : undefined;
    const ticket = answer.held ?? answer.claimed;
    if (ticket && game) {
      return { kind: answer.held ? 'existing' : 'created', ticket: fromJsonRow(tickets, ticket), game };
    }
    return { kind: 'refused', game };
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
          unfinishedOnly ? notInArray(games.stage, [...FINISHED_STAGES]) : undefined,
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
      .where(and(eq(tickets.playerId, playerId), isNull(tickets.releasedAt), eq(games.stage, 'ended')))
      .orderBy(desc(games.startTime))
      .limit(limit);
  }
}

/** claim_ticket's answer: rows as to_jsonb gives them (column names, timestamps as text). */
interface ClaimAnswer {
  held?: Record<string, unknown>;
  claimed?: Record<string, unknown>;
  game: Record<string, unknown> | null;
}

/** A table's row from its to_jsonb form, each column decoded as drizzle decodes it. */
function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
