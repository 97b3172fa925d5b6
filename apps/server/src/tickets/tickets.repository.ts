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
  /**
   * When the claimant's identity token was issued (ms): the deal refuses it if that is before the
   * user's cut-off, and refuses a player who is away (migration 0020).
   */
  tokenIssuedAt: number;
  /** The session the token names (`sid`): the deal refuses it once signed out (migration 0022). */
  tokenSessionId?: string | undefined;
}

/** A break or self-exclusion in force: its player claims nothing until it ends. */
export interface PlayBreakInForce {
  kind: 'break' | 'self-exclusion';
  endsAt: Date;
}

/**
 * The ticket dealt with its game (as the claim left it) and the event stored, the ticket held,
 * the game that refused, the claimant barred (a token that no longer counts, a player away), or
 * tickets left only in sub-pools other deals held at the time (`busy`: dealt again).
 */
export type ClaimOutcome =
  | { kind: 'created'; ticket: TicketRow; game: GameRow; event: TicketClaimed }
  | { kind: 'existing'; ticket: TicketRow; game: GameRow }
  | { kind: 'refused'; game: GameRow | undefined }
  | { kind: 'busy' }
  | { kind: 'token-revoked' }
  | { kind: 'away'; playBreak: PlayBreakInForce };

export class TicketsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims of distinct players for one game in one call of deal_ticket_group (migrations 0019,
   * 0020 and 0027, docs/performance.md "Claims"): who may claim, then the deal, each claim in
   * order, in one statement and one commit; PL/pgSQL plans its statements once per connection.
   * The deal starts at `lane`'s sub-pool (docs/tickets.md "Sub-pools"). A player claiming at once
   * on another process breaks tickets_game_player_key and undoes the whole group; a game changed
   * by its host meanwhile undoes it with a serialization_failure.
   */
  async claimGroup(gameId: string, lane: number, requests: readonly ClaimRequest[]): Promise<ClaimOutcome[]> {
    const claims = requests.map((request) => ({
      roomId: request.roomId,
      playerId: request.claim.playerId,
      luckyFateMode: request.luckyFateMode,
      now: request.now.toISOString(),
      claim: request.claim,
      issuedAt: request.tokenIssuedAt,
      ...(request.tokenSessionId ? { sessionId: request.tokenSessionId } : {}),
    }));
    const rows = await queryRows<{ answer: GroupAnswer | string }>(
      this.db,
      sql`select deal_ticket_group(${gameId}, ${OPERATOR}, ${CLAIM_STAGES_SQL}, ${JSON.stringify(claims)}::jsonb, ${lane}::integer) as answer`,
    );
    const group = fromJson(rows[0]!.answer);
    const game = group.game && fromJsonRow(games, group.game);
    return requests.map((request, i): ClaimOutcome => {
      const barred = group.barred[request.claim.playerId];
      if (barred === 'revoked') return { kind: 'token-revoked' };
      if (barred) return { kind: 'away', playBreak: { kind: barred.kind, endsAt: new Date(barred.endsAt) } };
      if (!game) return { kind: 'refused', game: undefined };
      const answer = group.answers[i]!;
      // The game's row as this claim left it: only its counters moved within the group.
      const gameThen: GameRow = {
        ...game,
        ticketsAvailable: answer.left,
        ticketsDealt: answer.dealt,
        eventSeq: answer.seq,
      };
      if (answer.busy) return { kind: 'busy' };
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

/** deal_ticket_group's answer (migrations 0019, 0020, 0027): rows as to_jsonb gives them. */
interface GroupAnswer {
  barred: Record<string, 'revoked' | { kind: PlayBreakInForce['kind']; endsAt: string }>;
  game: Record<string, unknown> | null;
  claimed: Record<string, Record<string, unknown>>;
  answers: {
    busy?: true;
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
