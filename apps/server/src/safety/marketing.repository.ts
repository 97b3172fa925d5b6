import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';

export interface ConsentRecord {
  given: boolean;
  at: Date;
  wording: string;
}

export interface ConsentingPlayer {
  email: string;
  firstName: string;
  lastName: string;
  alias: string | null;
  at: Date;
  wording: string;
}

/** Marketing consent: every choice kept with its time and words; the newest is in force. */
export class MarketingRepository {
  constructor(private readonly db: Db) {}

  async current(userId: string, operator: string): Promise<ConsentRecord | undefined> {
    const [row] = await queryRows<ConsentRecord>(
      this.db,
      sql`select given, at, wording from marketing_consents
          where user_id = ${userId} and operator = ${operator} order by at desc, id desc limit 1`,
    );
    return row && { ...row, at: new Date(row.at) };
  }

  /** Keeps a choice and mirrors it on the profile (the details form reads it there). */
  async record(userId: string, operator: string, given: boolean, wording: string, at: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`insert into marketing_consents (user_id, operator, given, wording, at)
        values (${userId}, ${operator}, ${given}, ${wording}, ${at.toISOString()}::timestamptz)`);
      await tx.execute(sql`update player_profiles set marketing_accepted = ${given}, updated_at = now()
        where user_id = ${userId} and operator = ${operator}`);
    });
  }

  /** The players whose choice in force is yes, and only those. */
  async consenting(operator: string): Promise<ConsentingPlayer[]> {
    const rows = await queryRows<ConsentingPlayer>(
      this.db,
      sql`select u.email, p.first_name as "firstName", p.last_name as "lastName", p.alias,
                 c.at, c.wording
          from (select distinct on (user_id) user_id, given, at, wording from marketing_consents
                where operator = ${operator} order by user_id, at desc, id desc) c
          join users u on u.id = c.user_id
          join player_profiles p on p.user_id = c.user_id and p.operator = ${operator}
          where c.given
          order by c.at, u.email`,
    );
    return rows.map((row) => ({ ...row, at: new Date(row.at) }));
  }
}
