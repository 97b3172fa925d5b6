import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { hostAudit } from '../db/schema';

/** A stored action with what it concerned, named: the room, the game's start, the player's alias. */
export type AuditRow = typeof hostAudit.$inferSelect & {
  roomName: string | null;
  gameStartTime: Date | null;
  /** The alias of the player the action concerned (or of a deleted message's author), if any. */
  targetAlias: string | null;
};

export interface AuditRecord {
  userId: string | null;
  userEmail: string | null;
  action: string;
  roomId: string | null;
  gameId: string | null;
  targetId: string | null;
  statusCode: number;
}

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(record: AuditRecord): Promise<void> {
    await this.db.insert(hostAudit).values({
      ...record,
      // A game's actions are filed under its room too, so a room's audit shows them.
      roomId:
        record.roomId ??
        (record.gameId ? sql`(select room_id from games where id = ${record.gameId}::uuid)` : null),
    });
  }

  list(filter: { roomId?: string; gameId?: string; limit: number }): Promise<AuditRow[]> {
    return this.db
      .select({
        ...getTableColumns(hostAudit),
        roomName: sql<string | null>`(select name from rooms where id = ${hostAudit.roomId})`,
        gameStartTime:
          sql<Date | null>`(select start_time from games where id = ${hostAudit.gameId})`.mapWith(
            hostAudit.at,
          ),
        targetAlias: sql<string | null>`coalesce(
          (select alias from player_profiles where user_id::text = ${hostAudit.targetId} limit 1),
          (select p.alias from chat_messages m join player_profiles p on p.user_id = m.player_id
            where m.id::text = ${hostAudit.targetId} limit 1))`,
      })
      .from(hostAudit)
      .where(
        and(
          filter.roomId ? eq(hostAudit.roomId, filter.roomId) : undefined,
          filter.gameId ? eq(hostAudit.gameId, filter.gameId) : undefined,
        ),
      )
      .orderBy(desc(hostAudit.at), desc(hostAudit.id))
      .limit(filter.limit);
  }
}
