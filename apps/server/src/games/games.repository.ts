import type { Db } from '../db/database';
import { games } from '../db/schema';

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
}
