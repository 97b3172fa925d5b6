import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';
import { games, ticketPools } from '../db/schema';

export type GameRow = typeof games.$inferSelect;
export type NewGame = typeof games.$inferInsert;

export class GamesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts games whose (room, start time) slot is free; returns how many were new. The unique
   * slot makes this safe to run from several processes at once.
   */
  async insertIntoFreeSlots(newGames: NewGame[]): Promise<number> {
    if (newGames.length === 0) return 0;
    const inserted = await this.db
      .insert(games)
      .values(newGames)
      .onConflictDoNothing({ target: [games.roomId, games.startTime] })
      .returning({ id: games.id });
    return inserted.length;
  }

  /** The (room, start time) slots taken from `from` on in these rooms. */
  takenSlots(roomIds: string[], from: Date): Promise<Pick<GameRow, 'roomId' | 'startTime'>[]> {
    if (roomIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ roomId: games.roomId, startTime: games.startTime })
      .from(games)
      .where(and(inArray(games.roomId, roomIds), gte(games.startTime, from)));
  }

  /** Like insertIntoFreeSlots, returning the games created. */
  async insertFree(newGames: NewGame[]): Promise<GameRow[]> {
    if (newGames.length === 0) return [];
    return this.db
      .insert(games)
      .values(newGames)
      .onConflictDoNothing({ target: [games.roomId, games.startTime] })
      .returning();
  }

  /** A room's games, newest start first (the host console's list). */
  listByRoom(roomId: string, limit: number): Promise<GameRow[]> {
    return this.db
      .select()
      .from(games)
      .where(eq(games.roomId, roomId))
      .orderBy(desc(games.startTime))
      .limit(limit);
  }

  findById(gameId: string): Promise<GameRow | undefined> {
    return this.db
      .select()
      .from(games)
      .where(eq(games.id, gameId))
      .limit(1)
      .then((rows) => rows[0]);
  }

  findMany(gameIds: string[]): Promise<GameRow[]> {
    return gameIds.length
      ? this.db.select().from(games).where(inArray(games.id, gameIds))
      : Promise.resolve([]);
  }

  async insert(game: NewGame): Promise<GameRow> {
    const [row] = await this.db.insert(games).values(game).returning();
    return row!;
  }

  /**
   * Changes a game that has not started. A new maxTickets keeps the tickets already dealt (never
   * below them, nor below an index a sub-pool dealt: lowestMaxTickets), and its sub-pools are
   * locked first, as claims lock them before the game (migration 0027, whose trigger gives each
   * sub-pool its share). Returns undefined when the game was no longer open to change.
   */
  async updateScheduled(gameId: string, changes: Partial<NewGame>, now: Date): Promise<GameRow | undefined> {
    const maxTickets = changes.maxTickets;
    if (maxTickets === undefined) return this.updateScheduledRow(this.db, gameId, changes, now);
    return this.db.transaction(async (tx) => {
      await tx
        .select({ pool: ticketPools.pool })
        .from(ticketPools)
        .where(eq(ticketPools.gameId, gameId))
        .orderBy(asc(ticketPools.pool))
        .for('update');
      return this.updateScheduledRow(tx as unknown as Db, gameId, changes, now, maxTickets);
    });
  }

  private async updateScheduledRow(
    db: Db,
    gameId: string,
    changes: Partial<NewGame>,
    now: Date,
    maxTickets?: number,
  ): Promise<GameRow | undefined> {
    const set: Record<string, unknown> = { ...changes };
    if (maxTickets !== undefined) set.ticketsAvailable = sql`${maxTickets} - ${games.ticketsDealt}`;
    const [row] = await db
      .update(games)
      .set(set)
      .where(
        and(
          eq(games.id, gameId),
          eq(games.stage, 'scheduled'),
          sql`${games.startTime} > ${now}`,
          maxTickets !== undefined ? sql`ticket_pools_floor(${games.id}) <= ${maxTickets}` : undefined,
        ),
      )
      .returning();
    return row;
  }

  /**
   * The least maxTickets the game can take: past every index its sub-pools dealt (one sub-pool:
   * the tickets dealt; several deal strips in turn, so a little above).
   */
  async lowestMaxTickets(gameId: string): Promise<number> {
    const [row] = await queryRows<{ floor: number }>(
      this.db,
      sql`select ticket_pools_floor(${gameId}) as floor`,
    );
    return Number(row?.floor ?? 0);
  }
}
