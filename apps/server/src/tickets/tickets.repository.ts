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
      ${request.gameId}, ${request.roomId}, ${claim.playerId}, ${OPERATOR}, ${CLAIM_STAGES_SQL},
      ${request.luckyFateMode}, ${request.now.toISOString()}, ${JSON.stringify(claim)}::jsonb) as claim`,
    );
    return toOutcome(fromJson(rows[0]!.claim));
  }

  /**
   * Claims of distinct players for one game in one call of deal_ticket_group (migration 0019):
   * each is answered as `claim` answers it, in order, in one statement and one commit. A player
   * claiming at once on another process breaks tickets_game_player_key and undoes the whole group.
   */
  async claimGroup(gameId: string, requests: readonly ClaimRequest[]): Promise<ClaimOutcome[]> {
    const claims = requests.map((request) => ({
      roomId: request.roomId,
      playerId: request.claim.playerId,
      luckyFateMode: request.luckyFateMode,
      now: request.now.toISOString(),
      claim: request.claim,
    }));
    const rows = await queryRows<{ answer: GroupAnswer | string }>(
      this.db,
      sql`select deal_ticket_group(${gameId}, ${OPERATOR}, ${CLAIM_STAGES_SQL}, ${JSON.stringify(claims)}::jsonb) as answer`,
    );
    const group = fromJson(rows[0]!.answer);
    if (!group.game) return requests.map(() => ({ kind: 'refused', game: undefined }));
    const game = fromJsonRow(games, group.game);
    return requests.map((request, i) => {
      const answer = group.answers[i]!;
      // The game's row as this claim left it: only its counters moved within the group.
      const gameThen: GameRow = {
        ...game,
        ticketsAvailable: answer.left,
        ticketsDealt: answer.dealt,
        eventSeq: answer.seq,
      };
      if (answer.held) return { kind: 'existing', ticket: fromJsonRow(tickets, answer.held), game: gameThen };
      const claimed = group.claimed[request.claim.playerId];
      if (answer.event && claimed) {
        return {
          kind: 'created',
          ticket: fromJsonRow(tickets, claimed),
          game: gameThen,
          event: answer.event,
        };
      }
      return { kind: 'refused', game: gameThen };
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

const CLAIM_STAGES_SQL = sql`array[${sql.join(
  CLAIM_STAGES.map((stage) => sql`${stage}`),
  sql`, `,
)}]::text[]`;

/** The drivers give jsonb parsed (PostgreSQL) or as text (PGlite's function results). */
function fromJson<T>(raw: T | string): T {
  return typeof raw === 'string' ? (JSON.parse(raw) as T) : raw;
}

function toOutcome(answer: ClaimAnswer): ClaimOutcome {
  const game = answer.game ? fromJsonRow(games, answer.game) : undefined;
  if (!game) return { kind: 'refused', game };
  if (answer.held) return { kind: 'existing', ticket: fromJsonRow(tickets, answer.held), game };
  if (answer.claimed && answer.event) {
    return { kind: 'created', ticket: fromJsonRow(tickets, answer.claimed), game, event: answer.event };
  }
  return { kind: 'refused', game };
}

/** deal_ticket's answer: rows as to_jsonb gives them (column names, timestamps as text). */
interface ClaimAnswer {
  held?: Record<string, unknown>;
  claimed?: Record<string, unknown>;
  event?: TicketClaimed;
  game: Record<string, unknown> | null;
}

/** deal_ticket_group's answer (migration 0019). */
interface GroupAnswer {
  game: Record<string, unknown> | null;
  claimed: Record<string, Record<string, unknown>>;
  answers: {
    held?: Record<string, unknown>;
    event?: TicketClaimed;
    left: number;
    dealt: number;
    seq: number;
  }[];
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
