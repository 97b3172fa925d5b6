import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FINISHED_STAGES } from '@ruthless/game';
import { DELETED_PLAYER_NAME } from '@ruthless/protocol';
import { queryRows, type Db } from '../db/database';

/**
 * The SQL of "Delete my account": what must outlive the person (their past shows, so results
 * and event logs keep verifying) moves to an anonymous id; the rest goes with the user row.
 */
export class AccountDeletionRepository {
  constructor(private readonly db: Db) {}

  /** True when the user signs in with a password (an email account), false for Google only. */
  async hasPassword(userId: string): Promise<boolean> {
    const rows = await queryRows<{ found: number }>(
      this.db,
      sql`select 1 as found from accounts
          where user_id = ${userId} and provider_id = 'credential' and password is not null limit 1`,
    );
    return rows.length > 0;
  }

  /** True while the user holds a ticket of a show not ended nor cancelled (its runner holds their id). */
  async holdsTicketOfShowNotOver(userId: string): Promise<boolean> {
    const rows = await queryRows<{ found: number }>(
      this.db,
      sql`select 1 as found from tickets t join games g on g.id = t.game_id
          where t.player_id = ${userId} and t.released_at is null
            and g.state not in (${sql.join(
              FINISHED_STAGES.map((stage) => sql`${stage}`),
              sql`, `,
            )}) limit 1`,
    );
    return rows.length > 0;
  }

  /**
   * Gives the user's past shows to a new anonymous id (a user row nobody can sign in as: no
   * account, no session) and removes their chat messages; returns that id. Runs before the user
   * row is deleted, which takes the profile, sessions, accounts, breaks and the rest with it.
   */
  async anonymise(userId: string): Promise<string> {
    const anonymousId = randomUUID();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`insert into users (id, name, email, email_verified)
        values (${anonymousId}, ${DELETED_PLAYER_NAME}, ${`deleted-${anonymousId}@deleted.invalid`}, false)`);
      // The event logs of their games name them in claims, picks and choices: the same text
      // replaced everywhere keeps each log folding to the same game.
      await tx.execute(sql`update game_events set event = replace(event::text, ${userId}, ${anonymousId})::jsonb
        where game_id in (select game_id from tickets where player_id = ${userId})
          and strpos(event::text, ${userId}) > 0`);
      await tx.execute(sql`update games
        set result_names = (result_names - ${userId}::text) || jsonb_build_object(${anonymousId}::text, ${DELETED_PLAYER_NAME}::text)
        where result_names ? ${userId}::text`);
      await tx.execute(sql`update tickets set player_id = ${anonymousId} where player_id = ${userId}`);
      await tx.execute(sql`update payouts set player_id = ${anonymousId} where player_id = ${userId}`);
      await tx.execute(sql`update host_audit set target_id = ${anonymousId} where target_id = ${userId}`);
      await tx.execute(sql`delete from chat_messages where player_id = ${userId}`);
    });
    return anonymousId;
  }
}
