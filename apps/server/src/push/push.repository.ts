import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  timeZone: string;
}

/** A claimed show-start push to one of the player's browsers: everything its text needs. */
export interface DueShowStart extends StoredSubscription {
  userId: string;
  gameId: string;
  roomName: string;
  startTime: Date;
  /** The player asked for this show (Remind Me): quiet hours do not hold it back. */
  asked: boolean;
}

/** The SQL of Web Push (push/push.service.ts). */
export class PushRepository {
  constructor(private readonly db: Db) {}

  /** This browser's subscription, for the signed-in player (a browser passed on moves with it). */
  async subscribe(userId: string, subscription: StoredSubscription): Promise<void> {
    await this.db.execute(
      sql`insert into push_subscriptions (endpoint, user_id, p256dh, auth, time_zone)
          values (${subscription.endpoint}, ${userId}, ${subscription.p256dh}, ${subscription.auth}, ${subscription.timeZone})
          on conflict (endpoint) do update
          set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
              time_zone = excluded.time_zone, created_at = now()`,
    );
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.db.execute(
      sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId}`,
    );
  }

  /** A subscription its push service says is gone (404, 410). */
  async forget(endpoint: string): Promise<void> {
    await this.db.execute(sql`delete from push_subscriptions where endpoint = ${endpoint}`);
  }

  async subscriptions(userId: string): Promise<StoredSubscription[]> {
    return queryRows<StoredSubscription>(
      this.db,
      sql`select endpoint, p256dh, auth, time_zone as "timeZone" from push_subscriptions
          where user_id = ${userId} order by created_at`,
    );
  }

  /**
   * Claims the show-start pushes due: a ticket held for a show starting within `windowMs`, by a
   * player with a subscription, not on a break, and not pushed about that show yet. The insert
   * into push_sends (one row per player and show) is the claim, so a push goes once however many
   * processes sweep. One row per browser of each claimed player.
   */
  async claimShowStarts(now: Date, windowMs: number, limit: number): Promise<DueShowStart[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + windowMs).toISOString();
    const rows = await queryRows<{
      user_id: string;
      game_id: string;
      room_name: string;
      start_time: Date | string;
      asked: boolean;
      endpoint: string;
      p256dh: string;
      auth: string;
      time_zone: string;
    }>(
      this.db,
      sql`with due as (
            select t.player_id as user_id, t.game_id, g.start_time, ro.name as room_name,
                   exists (select 1 from show_reminders r
                           where r.user_id = t.player_id and r.game_id = t.game_id
                             and r.source = 'asked') as asked
            from tickets t
            join games g on g.id = t.game_id
            join rooms ro on ro.id = g.room_id
            where t.released_at is null
              and g.state in ('scheduled', 'green-room')
              and g.start_time > ${at}::timestamptz
              and g.start_time <= ${until}::timestamptz
              and exists (select 1 from push_subscriptions s where s.user_id = t.player_id)
              and not exists (select 1 from push_sends p
                              where p.user_id = t.player_id and p.game_id = t.game_id)
              and not exists (select 1 from play_breaks b
                              where b.user_id = t.player_id and b.ends_at > ${at}::timestamptz)
            order by g.start_time
            limit ${limit}
          ), claimed as (
            insert into push_sends (user_id, game_id, kind, sent_at)
            select user_id, game_id, 'show-start', ${at}::timestamptz from due
            on conflict do nothing
            returning user_id, game_id
          )
          select due.user_id, due.game_id, due.room_name, due.start_time, due.asked,
                 s.endpoint, s.p256dh, s.auth, s.time_zone
          from due
          join claimed on claimed.user_id = due.user_id and claimed.game_id = due.game_id
          join push_subscriptions s on s.user_id = due.user_id`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      gameId: row.game_id,
      roomName: row.room_name,
      startTime: new Date(row.start_time),
      asked: row.asked,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      timeZone: row.time_zone,
    }));
  }
}
