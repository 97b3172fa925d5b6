import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';

/** A reminder whose send this process claimed: everything its mail needs. */
export interface ClaimedReminder {
  userId: string;
  gameId: string;
  kind: 'reminder' | 'cancellation';
  email: string;
  roomName: string;
  startTime: Date;
  sentAt: Date;
}

/** What a player may ask a reminder for: the game's start and stage. */
export interface RemindableGame {
  startTime: Date;
  stage: string;
}

/** The SQL of email reminders (safety/reminders.service.ts). */
export class RemindersRepository {
  constructor(
    private readonly db: Db,
    private readonly operator: string,
  ) {}

  async game(gameId: string): Promise<RemindableGame | undefined> {
    const [row] = await queryRows<{ start_time: Date | string; state: string }>(
      this.db,
      sql`select start_time, state from games where id = ${gameId}`,
    );
    return row && { startTime: new Date(row.start_time), stage: row.state };
  }

  /** Asks for the reminder (again: a reminder not sent yet stays one row). */
  async ask(userId: string, gameId: string): Promise<void> {
    await this.db.execute(
      sql`insert into show_reminders (user_id, game_id, source) values (${userId}, ${gameId}, 'asked')
          on conflict (user_id, game_id) do nothing`,
    );
  }

  /**
   * Makes the rows of the players who want a reminder of every show they claim: for shows due
   * within `windowMs`, and for shows cancelled before their start (their cancellation mail).
   */
  async addEveryShowReminders(now: Date, windowMs: number): Promise<void> {
    await this.db.execute(
      sql`insert into show_reminders (user_id, game_id, source)
          select t.player_id, t.game_id, 'every-show'
          from tickets t
          join games g on g.id = t.game_id
          join player_profiles p on p.user_id = t.player_id and p.operator = ${this.operator}
          where p.remind_every_show
            and g.start_time > ${now.toISOString()}::timestamptz
            and (g.state = 'cancelled'
                 or g.start_time <= ${new Date(now.getTime() + windowMs).toISOString()}::timestamptz)
          on conflict (user_id, game_id) do nothing`,
    );
  }

  /**
   * Claims the sends that are due, at most `limit`: a reminder within `windowMs` of a show not
   * started (skipped for a player on a break), a cancellation as soon as the host cancels. The
   * guarded update (`sent_at is null`, rows locked and others' skipped) is what makes each mail
   * go once whatever the number of processes: a row is claimed by one transaction only.
   */
  async claimDue(now: Date, windowMs: number, limit: number): Promise<ClaimedReminder[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + windowMs).toISOString();
    const rows = await queryRows<{
      user_id: string;
      game_id: string;
      sent_kind: 'reminder' | 'cancellation';
      email: string;
      room_name: string;
      start_time: Date | string;
      sent_at: Date | string;
    }>(
      this.db,
      sql`with due as (
            select r.user_id, r.game_id, (g.state = 'cancelled') as cancelled
            from show_reminders r join games g on g.id = r.game_id
            where r.sent_at is null
              and g.start_time > ${at}::timestamptz
              and (g.state = 'cancelled'
                   or (g.state in ('scheduled', 'green-room')
                       and g.start_time <= ${until}::timestamptz
                       and not exists (select 1 from play_breaks b
                                       where b.user_id = r.user_id and b.ends_at > ${at}::timestamptz)))
            order by g.start_time
            limit ${limit}
            for update of r skip locked
          )
          update show_reminders r
          set sent_at = ${at}::timestamptz,
              sent_kind = case when due.cancelled then 'cancellation' else 'reminder' end
          from due, games g, rooms ro, users u
          where r.user_id = due.user_id and r.game_id = due.game_id and r.sent_at is null
            and g.id = r.game_id and ro.id = g.room_id and u.id = r.user_id
          returning r.user_id, r.game_id, r.sent_kind, u.email, ro.name as room_name, g.start_time, r.sent_at`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      gameId: row.game_id,
      kind: row.sent_kind,
      email: row.email,
      roomName: row.room_name,
      startTime: new Date(row.start_time),
      sentAt: new Date(row.sent_at),
    }));
  }

  /** Gives back a claimed send whose mail failed, so the next sweep tries again. */
  async release(reminder: ClaimedReminder): Promise<void> {
    await this.db.execute(
      sql`update show_reminders set sent_at = null, sent_kind = null
          where user_id = ${reminder.userId} and game_id = ${reminder.gameId}
            and sent_at = ${reminder.sentAt.toISOString()}::timestamptz`,
    );
  }

  /** One-click unsubscribe: no reminder of every show, and none of those asked is sent. */
  async unsubscribe(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`update player_profiles set remind_every_show = false, updated_at = now()
            where user_id = ${userId}`,
      );
      await tx.execute(sql`delete from show_reminders where user_id = ${userId} and sent_at is null`);
    });
  }
}
