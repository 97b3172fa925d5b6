import { and, asc, desc, eq, getTableColumns, isNull, notInArray, sql, type Table } from 'drizzle-orm';
import { CLAIM_STAGES, FINISHED_STAGES, type TicketClaim, type TicketClaimed } from '@ruthless/game';
import { OPERATOR } from '@ruthless/protocol';
import { queryRows, type Db } from '../db/database';
import { games, payouts, rooms, tickets } from '../db/schema';
import type { GameRow } from '../games/games.repository';

export type TicketRow = typeof tickets.$inferSelect;

export interface ClaimRequest {
  gameId: string;
  roomId: string;
  /** The games the claim fits (its lucky-fate card or none). */
  luckyFateMode: 'pre-game' | 'in-game';
  /** The engine's event of the claim, to be dealt its ticket index and default choice. */
  claim: TicketClaim;
  now: Date;
}

/**
 * The ticket dealt with its game (as the claim left it) and the event stored, the ticket held,
 * or the game that refused.
 */
export type ClaimOutcome =
  | { kind: 'created'; ticket: TicketRow; game: GameRow; event: TicketClaimed }
  | { kind: 'existing'; ticket: TicketRow; game: GameRow }
  | { kind: 'refused'; game: GameRow | undefined };

export class TicketsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims a ticket in one call of the deal_ticket function (migration 0014, docs/performance.md
   * "Claims"): PL/pgSQL plans its statements once per connection. The same player claiming twice
   * at once breaks tickets_game_player_key in one of the two (the caller retries and gets the
   * held ticket).
   */
  async claim(request: ClaimRequest): Promise<ClaimOutcome> {
    const { claim } = request;
    const rows = await queryRows<{ claim: ClaimAnswer | string }>(
      this.db,
      sql`select deal_ticket(
      ${request.gameId}, ${request.roomId}, ${claim.playerId}, ${OPERATOR},
      array[${sql.join(
        CLAIM_STAGES.map((stage) => sql`${stage}`),
        sql`, `,
      )}]::text[], ${request.luckyFateMode}, ${request.now.toISOString()},
      ${JSON.stringify(claim)}::jsonb) as claim`,
    );
    const raw = rows[0]!.claim;
    const answer = typeof raw === 'string' ? (JSON.parse(raw) as ClaimAnswer) : raw;
    const game = answer.game ? fromJsonRow(games, answer.game) : undefined;
    if (!game) return { kind: 'refused', game };
    if (answer.held) return { kind: 'existing', ticket: fromJsonRow(tickets, answer.held), game };
    if (answer.claimed && answer.event) {
      return { kind: 'created', ticket: fromJsonRow(tickets, answer.claimed), game, event: answer.event };
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

/** deal_ticket's answer: rows as to_jsonb gives them (column names, timestamps as text). */
interface ClaimAnswer {
  held?: Record<string, unknown>;
  claimed?: Record<string, unknown>;
  event?: TicketClaimed;
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
