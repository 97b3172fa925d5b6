import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { hostAudit } from '../db/schema';

export type AuditRow = typeof hostAudit.$inferSelect;

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
      .select()
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
