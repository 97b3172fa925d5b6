import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';

/** The SQL of the reality-check settings and figures (safety/reality-check.service.ts). */
export class RealityCheckRepository {
  constructor(
    private readonly db: Db,
    private readonly operator: string,
  ) {}

  /** The player's reality-check interval and reminder choice; undefined without a profile. */
  async settings(
    userId: string,
  ): Promise<{ realityCheckMinutes: number | null; remindEveryShow: boolean } | undefined> {
    const [row] = await queryRows<{ reality_check_minutes: number | null; remind_every_show: boolean }>(
      this.db,
      sql`select reality_check_minutes, remind_every_show from player_profiles
          where user_id = ${userId} and operator = ${this.operator}`,
    );
    return row && { realityCheckMinutes: row.reality_check_minutes, remindEveryShow: row.remind_every_show };
  }

  /** Changes what is given; false without a profile. */
  async updateSettings(
    userId: string,
    change: { realityCheckMinutes?: number | null; remindEveryShow?: boolean },
  ): Promise<boolean> {
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`update player_profiles set
            reality_check_minutes = ${
              change.realityCheckMinutes === undefined
                ? sql`reality_check_minutes`
                : sql`${change.realityCheckMinutes}::integer`
            },
            remind_every_show = ${
              change.remindEveryShow === undefined ? sql`remind_every_show` : sql`${change.remindEveryShow}`
            },
            updated_at = now()
          where user_id = ${userId} and operator = ${this.operator}
          returning user_id`,
    );
    return rows.length > 0;
  }

  /** When the session signed in, if it is this player's. */
  async sessionStart(userId: string, sessionId: string): Promise<Date | undefined> {
    const [row] = await queryRows<{ created_at: Date | string }>(
      this.db,
      sql`select created_at from sessions where id = ${sessionId} and user_id = ${userId}`,
    );
    return row && new Date(row.created_at);
  }

  /**
   * Shows joined since `from` (a ticket held, claimed then or for a show that started then) and
   * the pence won in shows that ended since `from`.
   */
  async figures(
    userId: string,
    from: Date,
    to: Date,
  ): Promise<{ showsJoined: number; winningsPence: number }> {
    const [row] = await queryRows<{ shows: number | string; pence: number | string | null }>(
      this.db,
      sql`select
            (select count(*) from tickets t join games g on g.id = t.game_id
             where t.player_id = ${userId} and t.released_at is null
               and (t.claimed_at >= ${from.toISOString()}::timestamptz
                    or g.start_time between ${from.toISOString()}::timestamptz and ${to.toISOString()}::timestamptz)
            ) as shows,
            (select coalesce(sum(p.pence), 0) from payouts p join games g on g.id = p.game_id
             where p.player_id = ${userId} and g.ended_at >= ${from.toISOString()}::timestamptz
            ) as pence`,
    );
    return { showsJoined: Number(row?.shows ?? 0), winningsPence: Number(row?.pence ?? 0) };
  }
}
