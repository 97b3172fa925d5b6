import { and, asc, eq, gt, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { CLAIM_STAGES, DEFAULT_TIMINGS, FINISHED_STAGES, type GameEvent, type Stage } from '@ruthless/game';
import { OPERATOR } from '@ruthless/protocol';
import type { Db } from '../db/database';
import { gameEvents, games, payouts, playerProfiles, rooms, showOutcomes, tickets } from '../db/schema';
import type { GameRow } from '../games/games.repository';

export interface StoredEvent {
  seq: number;
  event: GameEvent;
}

/** The SQL of live games: the event log, the runner's lease, payouts, rollovers and names. */
export class LiveRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in a transaction holding the game's row lock (claims and appends queue on it). */
  withGameLocked<T>(gameId: string, work: (game: GameRow, tx: LiveRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
      if (!game) throw new Error(`game ${gameId} not found`);
      return work(game, new LiveRepository(tx as unknown as Db));
    });
  }

  findGame(gameId: string): Promise<GameRow | undefined> {
    return this.db
      .select()
      .from(games)
      .where(eq(games.id, gameId))
      .then((rows) => rows[0]);
  }

  async eventsAfter(gameId: string, seq: number, limit?: number): Promise<StoredEvent[]> {
    const query = this.db
      .select({ seq: gameEvents.seq, event: gameEvents.event })
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, gameId), gt(gameEvents.seq, seq)))
      .orderBy(asc(gameEvents.seq));
    const rows = limit === undefined ? await query : await query.limit(limit);
    return rows.map((row) => ({ seq: row.seq, event: row.event as unknown as GameEvent }));
  }

  async countEventsAfter(gameId: string, seq: number): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, gameId), gt(gameEvents.seq, seq)));
    return row?.count ?? 0;
  }

  /** Appends the next event and records the stage it led to. */
  async appendEvent(gameId: string, seq: number, event: GameEvent, stage: Stage): Promise<void> {
    await this.db.insert(gameEvents).values({ gameId, seq, type: event.type, event: { ...event } });
    await this.db.update(games).set({ eventSeq: seq, stage }).where(eq(games.id, gameId));
  }

  async releaseTickets(gameId: string, at: Date): Promise<void> {
    await this.db
      .update(tickets)
      .set({ releasedAt: at })
      .where(and(eq(tickets.gameId, gameId), isNull(tickets.releasedAt)));
  }

  async savePayouts(gameId: string, pence: Map<string, number>): Promise<void> {
    if (pence.size === 0) return;
    await this.db
      .insert(payouts)
      .values([...pence].map(([playerId, amount]) => ({ gameId, playerId, pence: amount })))
      .onConflictDoNothing();
  }

  /**
   * Adds an all-steal pot to the full house of the room's next game whose reels have not begun
   * (one in its green room included: its players are still to play for it). With none (every
   * other game has begun), the room keeps it until a game is inserted (0011_night_of_shows.sql).
   */
  async rollOver(roomId: string, after: Date, pence: number): Promise<string | undefined> {
    const [next] = await this.db
      .select({ id: games.id })
      .from(games)
      .where(
        and(eq(games.roomId, roomId), inArray(games.stage, [...CLAIM_STAGES]), gt(games.startTime, after)),
      )
      .orderBy(asc(games.startTime))
      .limit(1);
    if (!next) {
      await this.db
        .update(rooms)
        .set({ rolloverPence: sql`${rooms.rolloverPence} + ${pence}` })
        .where(eq(rooms.id, roomId));
      return undefined;
    }
    await this.db
      .update(games)
      .set({ rolloverPence: sql`${games.rolloverPence} + ${pence}` })
      .where(eq(games.id, next.id));
    return next.id;
  }

  async names(playerIds: string[]): Promise<Map<string, string>> {
    if (playerIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: playerProfiles.userId, alias: playerProfiles.alias })
      .from(playerProfiles)
      .where(and(eq(playerProfiles.operator, OPERATOR), inArray(playerProfiles.userId, playerIds)));
    return new Map(rows.map((row) => [row.userId, row.alias ?? 'Player']));
  }

  /** The player's alias: null once a host reset it, undefined when there is no such player. */
  async aliasOf(playerId: string): Promise<string | null | undefined> {
    const [row] = await this.db
      .select({ alias: playerProfiles.alias })
      .from(playerProfiles)
      .where(and(eq(playerProfiles.operator, OPERATOR), eq(playerProfiles.userId, playerId)));
    return row ? row.alias : undefined;
  }

  /**
   * What the game's end decided, and who played in the room that week, for the host's analytics
   * (analytics/analytics.service.ts): a room's weeks are counted from these, not from every ticket.
   */
  async saveOutcome(
    outcome: typeof showOutcomes.$inferInsert,
    roomId: string,
    startTime: Date,
  ): Promise<void> {
    await this.db.insert(showOutcomes).values(outcome).onConflictDoNothing({ target: showOutcomes.gameId });
    await this.db.execute(sql`
      insert into room_week_players (room_id, week_start, player_id)
      select ${roomId}, date_trunc('week', ${startTime.toISOString()}::timestamptz at time zone 'UTC')::date, player_id
      from tickets where game_id = ${outcome.gameId} and released_at is null
      on conflict do nothing`);
  }

  /** The end of a game: its players' names as they are now, and when it ended. */
  async saveEnd(gameId: string, names: Record<string, string>, endedAt: Date): Promise<void> {
    await this.db.update(games).set({ resultNames: names, endedAt }).where(eq(games.id, gameId));
  }

  /** The games not over yet (cancelled or ended) for which the player holds a ticket. */
  async openGamesOf(playerId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: games.id })
      .from(tickets)
      .innerJoin(games, eq(games.id, tickets.gameId))
      .where(
        and(
          eq(tickets.playerId, playerId),
          isNull(tickets.releasedAt),
          notInArray(games.stage, [...FINISHED_STAGES]),
        ),
      );
    return rows.map((row) => row.id);
  }

  async ticketOf(gameId: string, playerId: string) {
    const [row] = await this.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.gameId, gameId), eq(tickets.playerId, playerId), isNull(tickets.releasedAt)));
    return row;
  }

  /**
   * Games that need a runner by `horizon`: under way, or scheduled with their green room opening
   * before it; and with no live lease but ours. Lease times are the database's clock, so processes
   * on machines whose clocks disagree still agree on them.
   */
  async gamesToRun(runnerId: string, horizon: Date): Promise<string[]> {
    // A scheduled game's first step opens its green room, its timings' greenRoomMs before the start
    // (the default when that is absent; the host API stores only numbers, a stray value is ignored).
    const greenRoomMs = sql`case when jsonb_typeof(${games.timings}->'greenRoomMs') = 'number'
      then (${games.timings}->>'greenRoomMs')::float8 else ${DEFAULT_TIMINGS.greenRoomMs} end`;
    const greenRoomOpens = sql`${games.startTime} - make_interval(secs => ${greenRoomMs} / 1000)`;
    const rows = await this.db
      .select({ id: games.id })
      .from(games)
      .where(
        and(
          notInArray(games.stage, [...FINISHED_STAGES]),
          or(ne(games.stage, 'scheduled'), lt(greenRoomOpens, horizon)),
          or(
            isNull(games.runnerId),
            eq(games.runnerId, runnerId),
            lt(games.leaseUntil, sql`clock_timestamp()`),
          ),
        ),
      )
      .orderBy(asc(games.startTime))
      .limit(50);
    return rows.map((row) => row.id);
  }

  /** Takes or renews the lease on a game for `leaseMs`; false when another runner holds it. */
  async holdLease(gameId: string, runnerId: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(games)
      .set({ runnerId, leaseUntil: sql`clock_timestamp() + make_interval(secs => ${leaseMs / 1000})` })
      .where(
        and(
          eq(games.id, gameId),
          or(
            isNull(games.runnerId),
            eq(games.runnerId, runnerId),
            lt(games.leaseUntil, sql`clock_timestamp()`),
          ),
        ),
      )
      .returning({ id: games.id });
    return rows.length > 0;
  }

  /**
   * The fence: true while `runnerId`'s lease is live. Inside `withGameLocked` the answer holds
   * until the commit, since taking a lease over needs the same row lock.
   */
  async leaseHeld(gameId: string, runnerId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: games.id })
      .from(games)
      .where(
        and(eq(games.id, gameId), eq(games.runnerId, runnerId), gt(games.leaseUntil, sql`clock_timestamp()`)),
      );
    return rows.length > 0;
  }

  async dropLease(gameId: string, runnerId: string): Promise<void> {
    await this.db
      .update(games)
      .set({ runnerId: null, leaseUntil: null })
      .where(and(eq(games.id, gameId), eq(games.runnerId, runnerId)));
  }

  /** Every player who holds a ticket for the game, in claim order. */
  ticketHolders(gameId: string): Promise<{ playerId: string; ticketIndex: number }[]> {
    return this.db
      .select({ playerId: tickets.playerId, ticketIndex: tickets.ticketIndex })
      .from(tickets)
      .where(and(eq(tickets.gameId, gameId), isNull(tickets.releasedAt)))
      .orderBy(asc(tickets.ticketIndex));
  }
}
