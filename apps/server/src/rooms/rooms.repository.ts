import { and, asc, eq, gte, isNull, lte, notInArray } from 'drizzle-orm';
import { FINISHED_STAGES } from '@ruthless/game';
import type { Db } from '../db/database';
import { games, rooms } from '../db/schema';
import type { GameRow } from '../games/games.repository';

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

  /** The lobby's rooms: archived ones are left out (the host's list passes includeArchived). */
  listByOperator(operator: string, includeArchived = false): Promise<RoomRow[]> {
    return this.db
      .select()
      .from(rooms)
      .where(and(eq(rooms.operator, operator), includeArchived ? undefined : isNull(rooms.archivedAt)))
      .orderBy(asc(rooms.createdAt), asc(rooms.name));
  }

  /** Games of the operator's rooms that are neither ended nor cancelled and start in [from, to]. */
  listOpenGames(operator: string, from: Date, to: Date): Promise<GameRow[]> {
    return this.db
      .select({ game: games })
      .from(games)
      .innerJoin(rooms, eq(rooms.id, games.roomId))
      .where(
        and(
          eq(rooms.operator, operator),
          isNull(rooms.archivedAt),
          notInArray(games.stage, [...FINISHED_STAGES]),
          gte(games.startTime, from),
          lte(games.startTime, to),
        ),
      )
      .orderBy(asc(games.startTime))
      .then((rows) => rows.map((row) => row.game));
  }

  /** Games of the operator's rooms that ended at `since` or later. */
  listEndedSince(operator: string, since: Date): Promise<GameRow[]> {
    return this.db
      .select({ game: games })
      .from(games)
      .innerJoin(rooms, eq(rooms.id, games.roomId))
      .where(
        and(
          eq(rooms.operator, operator),
          isNull(rooms.archivedAt),
          eq(games.stage, 'ended'),
          gte(games.endedAt, since),
        ),
      )
      .orderBy(asc(games.startTime))
      .then((rows) => rows.map((row) => row.game));
  }

  findById(roomId: string): Promise<RoomRow | undefined> {
    return this.db
      .select()
      .from(rooms)
      .where(eq(rooms.id, roomId))
      .limit(1)
      .then((rows) => rows[0]);
  }

  /** Returns the new room, or undefined when the operator already has a room of that name. */
  async insert(room: NewRoom): Promise<RoomRow | undefined> {
    const [row] = await this.db.insert(rooms).values(room).onConflictDoNothing().returning();
    return row;
  }

  async update(roomId: string, changes: Partial<NewRoom>): Promise<RoomRow | undefined> {
    const [row] = await this.db.update(rooms).set(changes).where(eq(rooms.id, roomId)).returning();
    return row;
  }
}
