import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';
import { playBreaks } from '../db/schema';

export type PlayBreakRow = typeof playBreaks.$inferSelect;

/** The SQL of breaks and self-exclusions (safety/safety.service.ts). */
export class SafetyRepository {
  constructor(private readonly db: Db) {}

  /** The breaks in force at `now` of several players in one read: each one's that ends last. */
  async currentOfMany(userIds: readonly string[], now: Date): Promise<Map<string, PlayBreakRow>> {
    const rows = await this.db
      .selectDistinctOn([playBreaks.userId])
      .from(playBreaks)
      .where(and(inArray(playBreaks.userId, [...userIds]), gt(playBreaks.endsAt, now)))
      .orderBy(playBreaks.userId, desc(playBreaks.endsAt));
    return new Map(rows.map((row) => [row.userId, row]));
  }

  /**
   * Inserts a break unless the one in force ends at or after it (it would shorten nothing, and
   * a break is never replaced by a shorter one). A player's requests queue on an advisory lock,
   * so two at once cannot both read "no break" and both insert.
   */
  async insertIfLonger(
    row: Omit<PlayBreakRow, 'id'>,
  ): Promise<{ inserted: PlayBreakRow } | { longer: PlayBreakRow }> {
    return this.db.transaction(async (tx) => {
      // One player's requests queue here (the lock lasts the transaction).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`play-break:${row.userId}`}))`);
      const [current] = await tx
        .select()
        .from(playBreaks)
        .where(and(eq(playBreaks.userId, row.userId), gt(playBreaks.endsAt, row.startedAt)))
        .orderBy(desc(playBreaks.endsAt))
        .limit(1);
      if (current && current.endsAt >= row.endsAt) return { longer: current };
      const [inserted] = await tx.insert(playBreaks).values(row).returning();
      return { inserted: inserted! };
    });
  }

  /** How many players are away now, each counted once, as self-excluded if any of theirs is. */
  async counts(now: Date): Promise<{ onBreak: number; selfExcluded: number }> {
    const [row] = await queryRows<{ on_break: number | string; self_excluded: number | string }>(
      this.db,
      sql`select count(*) filter (where not excluded) as on_break,
                 count(*) filter (where excluded) as self_excluded
          from (select bool_or(kind = 'self-exclusion') as excluded
                from play_breaks where ends_at > ${now.toISOString()}::timestamptz
                group by user_id) away`,
    );
    return { onBreak: Number(row?.on_break ?? 0), selfExcluded: Number(row?.self_excluded ?? 0) };
  }
}
