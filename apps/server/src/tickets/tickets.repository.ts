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
  private readonly claimStatement;

  constructor(private readonly db: Db) {
    this.claimStatement = prepareClaim(db);
  }

  /**
   * Claims a ticket in one statement (docs/performance.md, Claims): see prepareClaim. The same
   * player claiming twice at once breaks tickets_game_player_key in one of the two (the caller
   * retries and gets the held ticket).
   */
  async claim(request: ClaimRequest): Promise<ClaimOutcome> {
    const [row] = await this.claimStatement.execute({
      ...request,
      now: request.now.toISOString(),
      at: request.now.getTime(),
    });
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

/**
 * The claim as one statement, so a claim is one round trip and the game row is locked for that
 * statement only; prepared once (building it costs more than running it on PGlite, and
 * PostgreSQL plans it once per connection). `held`: the player's ticket, if any; else `dealt`:
 * the guarded update of the game row, which makes overselling impossible (it only decrements
 * while tickets remain and the game is open, and concurrent claims queue on the row's lock, from
 * any number of processes); `event` and `claimed`: the claim as the game's next event and the
 * ticket, committed together (event sourcing); then the game as the claim left it, for the
 * answer or the refusal. All parts see one snapshot: the same player claiming twice at once
 * passes `held` twice, and the second ticket insert fails, undoing its whole statement.
 */
function prepareClaim(db: Db) {
  const gameId = sql.placeholder('gameId');
  const playerId = sql.placeholder('playerId');
  const luckyFatePick = sql`${sql.placeholder('luckyFatePick')}::int`;
  const held = db.$with('held').as(
    db
      .select()
      .from(tickets)
      .where(and(eq(tickets.gameId, gameId), eq(tickets.playerId, playerId))),
  );
  const dealt = db.$with('dealt').as(
    db
      .update(games)
      .set({
        ticketsAvailable: sql`${games.ticketsAvailable} - 1`,
        ticketsDealt: sql`${games.ticketsDealt} + 1`,
        eventSeq: sql`${games.eventSeq} + 1`,
      })
      .where(
        and(
          eq(games.id, gameId),
          eq(games.roomId, sql.placeholder('roomId')),
          inArray(games.state, ['scheduled', 'green-room']),
          eq(games.luckyFateMode, sql.placeholder('luckyFateMode')),
          gt(games.startTime, sql.placeholder('now')),
          gt(games.ticketsAvailable, 0),
          notExists(db.select({ one: sql`1` }).from(held)),
        ),
      )
      .returning(),
  );
  // The TicketClaimed event of @ruthless/game; the ticket's index is the deal's last.
  const event = db.$with('event', {}).as(sql`
    insert into ${gameEvents} (game_id, seq, type, event)
    select ${dealt.id}, ${dealt.eventSeq}, 'ticket-claimed', jsonb_build_object(
      'type', 'ticket-claimed',
      'at', ${sql.placeholder('at')}::bigint,
      'ticketIndex', ${dealt.ticketsDealt} - 1,
      'playerId', ${playerId}::text,
      'defaultChoice', case when ${playerProfiles.defaultChoice} = 'steal' then 'steal' else 'share' end,
      'luckyFatePick', ${luckyFatePick})
    from ${dealt}
    left join ${playerProfiles}
      on ${playerProfiles.userId} = ${playerId}::uuid and ${playerProfiles.operator} = ${OPERATOR}`);
  const claimed = db.$with('claimed', getTableColumns(tickets)).as(sql`
    insert into ${tickets} (game_id, player_id, ticket_index, lucky_fate_pick)
    select ${dealt.id}, ${playerId}::uuid, ${dealt.ticketsDealt} - 1, ${luckyFatePick}
    from ${dealt}
    returning *`);
  return db
    .with(held, dealt, event, claimed)
    .select()
    .from(games)
    .leftJoin(held, sql`true`)
    .leftJoin(dealt, sql`true`)
    .leftJoin(claimed, sql`true`)
    .where(eq(games.id, gameId))
    .prepare('claim_ticket');
}
