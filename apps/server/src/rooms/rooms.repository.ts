import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rooms } from '../db/schema';

export type RoomRow = typeof rooms.$inferSelect;
export type NewRoom = typeof rooms.$inferInsert;

export class RoomsRepository {
  constructor(private readonly db: Db) {}

  /** Inserts rooms whose name is new for their operator; existing ones are left untouched. */
  async insertMissing(newRooms: NewRoom[]): Promise<void> {
    await this.db.insert(rooms).values(newRooms).onConflictDoNothing();
  }

  listDemo(operator: string): Promise<RoomRow[]> {
    return this.db
      .select()
      .from(rooms)
      .where(and(eq(rooms.operator, operator), eq(rooms.isDemo, true)));
  }
}
