import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  notExists,
  notInArray,
  sql,
} from 'drizzle-orm';
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
}

/** The ticket held or dealt with its game (as the claim left it), or the game that refused. */
export type ClaimOutcome =
  | { kind: 'created' | 'existing'; ticket: TicketRow; game: GameRow }
  | { kind: 'refused'; game: GameRow | undefined };

export class TicketsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims a ticket in one statement, so a claim is one round trip and the game row is locked
   * for that statement only (docs/performance.md, Claims). `held`: the player's ticket, if any;
   * else `dealt`: the guarded update of the game row, which makes overselling impossible (it only
   * decrements while tickets remain and the game is open, and concurrent claims queue on the
   * row's lock, from any number of processes); `event` and `claimed`: the claim as the game's
   * next event and the ticket, committed together (event sourcing); then the game as the claim
   * left it, for the answer or the refusal. All parts see one snapshot: the same player claiming
   * twice at once passes `held` twice, and the second ticket breaks tickets_game_player_key,
   * undoing its whole statement (the caller retries and gets the held ticket).
   */
  async claim(request: ClaimRequest): Promise<ClaimOutcome> {
    const held = this.db.$with('held').as(
      this.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.gameId, request.gameId), eq(tickets.playerId, request.playerId))),
    );
    const dealt = this.db.$with('dealt').as(
      this.db
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
            notExists(this.db.select({ one: sql`1` }).from(held)),
          ),
        )
        .returning(),
    );
    // The TicketClaimed event of @ruthless/game; the ticket's index is the deal's last.
    const event = this.db.$with('event', {}).as(sql`
      insert into ${gameEvents} (game_id, seq, type, event)
      select ${dealt.id}, ${dealt.eventSeq}, 'ticket-claimed', jsonb_build_object(
        'type', 'ticket-claimed',
        'at', ${request.now.getTime()}::bigint,
        'ticketIndex', ${dealt.ticketsDealt} - 1,
        'playerId', ${request.playerId}::text,
        'defaultChoice', case when ${playerProfiles.defaultChoice} = 'steal' then 'steal' else 'share' end,
        'luckyFatePick', ${request.luckyFatePick}::int)
      from ${dealt}
      left join ${playerProfiles}
        on ${playerProfiles.userId} = ${request.playerId}::uuid and ${playerProfiles.operator} = ${OPERATOR}`);
    const claimed = this.db.$with('claimed', getTableColumns(tickets)).as(sql`
      insert into ${tickets} (game_id, player_id, ticket_index, lucky_fate_pick)
      select ${dealt.id}, ${request.playerId}::uuid, ${dealt.ticketsDealt} - 1, ${request.luckyFatePick}::int
      from ${dealt}
      returning *`);

    const [row] = await this.db
      .with(held, dealt, event, claimed)
      .select()
      .from(games)
      .leftJoin(held, sql`true`)
      .leftJoin(dealt, sql`true`)
      .leftJoin(claimed, sql`true`)
      .where(eq(games.id, request.gameId));
    if (!row) return { kind: 'refused', game: undefined };
    if (row.held) return { kind: 'existing', ticket: row.held, game: row.games };
    if (row.claimed && row.dealt) return { kind: 'created', ticket: row.claimed, game: row.dealt };
    return { kind: 'refused', game: row.games };
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
