import { sql, type SQL } from 'drizzle-orm';
import type { PushPreferences } from '@ruthless/protocol';
import { queryRows, type Db } from '../db/database';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  timeZone: string;
}

/** A claimed push before a show (its start, or its green room) to one of the player's browsers. */
export interface DueBeforeShow extends StoredSubscription {
  userId: string;
  gameId: string;
  roomName: string;
  startTime: Date;
  /** The player asked for this show (Remind Me): quiet hours do not hold it back. */
  asked: boolean;
  /** The player holds a ticket (else they have one to claim). */
  hasTicket: boolean;
}

/** A winner away at the results, with one of their browsers (not claimed yet: see claimWins). */
export interface DueWin extends StoredSubscription {
  userId: string;
  gameId: string;
  roomName: string;
  pence: number;
  endedAt: Date;
}

const PREFERENCES_DEFAULT: PushPreferences = { showStarts: true, followedRooms: true, wins: true };

/**
 * The rules every push keeps, for the player in `user` and the show in `game` (columns of the
 * query): a browser to send to, nothing sent in the slot yet (one notification before a show,
 * one after it), no break in force, and the kind switched on.
 */
function mayPush(
  user: string,
  game: string,
  slot: 'before-show' | 'after-show',
  kind: 'show_starts' | 'followed_rooms' | 'wins',
  at: string,
): SQL {
  const [player, show] = [sql.raw(user), sql.raw(game)];
  return sql`exists (select 1 from push_subscriptions s where s.user_id = ${player})
    and not exists (select 1 from push_sends p
                    where p.user_id = ${player} and p.game_id = ${show} and p.slot = ${slot})
    and not exists (select 1 from play_breaks b where b.user_id = ${player} and b.ends_at > ${at}::timestamptz)
    and not exists (select 1 from push_preferences pp where pp.user_id = ${player} and not pp.${sql.raw(kind)})`;
}

/** Each browser of the players `due`: the columns StoredSubscription reads. */
const BROWSERS = sql`s.endpoint, s.p256dh, s.auth, s.time_zone from due join push_subscriptions s on s.user_id = due.user_id`;

interface BrowserRow {
  endpoint: string;
  p256dh: string;
  auth: string;
  time_zone: string;
}

const browserOf = (row: BrowserRow): StoredSubscription => ({
  endpoint: row.endpoint,
  p256dh: row.p256dh,
  auth: row.auth,
  timeZone: row.time_zone,
});

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
   * Claims the show-start pushes due: a show starting within `windowMs` that the player holds a
   * ticket for or asked to be reminded of (Remind Me), with a subscription, not on a break, and
   * not pushed about that show yet.
   */
  claimShowStarts(now: Date, windowMs: number, limit: number): Promise<DueBeforeShow[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + windowMs).toISOString();
    return this.claimBeforeShow(
      'show-start',
      at,
      sql`with soon as (
            select g.id, g.start_time, ro.name as room_name
            from games g join rooms ro on ro.id = g.room_id
            where g.state in ('scheduled', 'green-room')
              and g.start_time > ${at}::timestamptz
              and g.start_time <= ${until}::timestamptz
          ), wanted as (
            select user_id, game_id, bool_or(holds) as has_ticket, bool_or(asked) as asked
            from (select t.player_id as user_id, t.game_id, true as holds, false as asked
                  from tickets t join soon on soon.id = t.game_id
                  where t.released_at is null
                  union all
                  select r.user_id, r.game_id, false, true
                  from show_reminders r join soon on soon.id = r.game_id
                  where r.source = 'asked') as either
            group by user_id, game_id
          )
          select w.user_id, w.game_id, soon.start_time, soon.room_name, w.asked, w.has_ticket
          from wanted w join soon on soon.id = w.game_id
          where ${mayPush('w.user_id', 'w.game_id', 'before-show', 'show_starts', at)}
          order by soon.start_time
          limit ${limit}`,
    );
  }

  /**
   * Claims the green-room pushes due: a show whose green room is open (it starts later), to each
   * follower of its room with a subscription and the kind on, not on a break, and not notified
   * about that show yet (the show-start push shares the slot).
   */
  claimGreenRooms(now: Date, limit: number): Promise<DueBeforeShow[]> {
    const at = now.toISOString();
    return this.claimBeforeShow(
      'green-room',
      at,
      sql`select f.user_id, g.id as game_id, g.start_time, ro.name as room_name, false as asked,
                 exists (select 1 from tickets t
                         where t.player_id = f.user_id and t.game_id = g.id
                           and t.released_at is null) as has_ticket
          from games g
          join rooms ro on ro.id = g.room_id
          join room_follows f on f.room_id = g.room_id
          where g.state = 'green-room'
            and g.start_time > ${at}::timestamptz
            and ${mayPush('f.user_id', 'g.id', 'before-show', 'followed_rooms', at)}
          order by g.start_time
          limit ${limit}`,
    );
  }

  /**
   * Claims the `due` players' one notification before their show (`due` gives user_id, game_id,
   * start_time, room_name, asked and has_ticket). The insert into push_sends (one row per player,
   * show and slot) is the claim, so a push goes once however many processes sweep, and a player
   * due both kinds gets one of them. One row per browser of each claimed player.
   */
  private async claimBeforeShow(
    kind: 'show-start' | 'green-room',
    at: string,
    due: SQL,
  ): Promise<DueBeforeShow[]> {
    const rows = await queryRows<
      BrowserRow & {
        user_id: string;
        game_id: string;
        room_name: string;
        start_time: Date | string;
        asked: boolean;
        has_ticket: boolean;
      }
    >(
      this.db,
      sql`with due as (${due}), claimed as (
            insert into push_sends (user_id, game_id, slot, kind, sent_at)
            select user_id, game_id, 'before-show', ${kind}, ${at}::timestamptz from due
            on conflict do nothing
            returning user_id, game_id
          )
          select due.user_id, due.game_id, due.room_name, due.start_time, due.asked, due.has_ticket,
                 ${BROWSERS}
          join claimed on claimed.user_id = due.user_id and claimed.game_id = due.game_id`,
    );
    return rows.map((row) => ({
      ...browserOf(row),
      userId: row.user_id,
      gameId: row.game_id,
      roomName: row.room_name,
      startTime: new Date(row.start_time),
      asked: row.asked,
      hasTicket: row.has_ticket,
    }));
  }

  /**
   * The winners of shows ended since `since` who were not watching the results, with each of
   * their browsers: the kind on, not on a break, no "you won" sent yet. Not claimed here: the
   * service claims those it can send now (a winner in quiet hours stays due until 08:00).
   */
  async winsDue(now: Date, since: Date, limit: number): Promise<DueWin[]> {
    const rows = await queryRows<
      BrowserRow & {
        user_id: string;
        game_id: string;
        room_name: string;
        pence: number;
        ended_at: Date | string;
      }
    >(
      this.db,
      sql`with due as (
            select w.player_id as user_id, w.game_id, w.pence, g.ended_at, ro.name as room_name
            from payouts w
            join games g on g.id = w.game_id
            join rooms ro on ro.id = g.room_id
            where w.watched_results = false
              and w.pence > 0
              and g.ended_at > ${since.toISOString()}::timestamptz
              and ${mayPush('w.player_id', 'w.game_id', 'after-show', 'wins', now.toISOString())}
            order by g.ended_at
            limit ${limit}
          )
          select due.user_id, due.game_id, due.room_name, due.pence, due.ended_at, ${BROWSERS}`,
    );
    return rows.map((row) => ({
      ...browserOf(row),
      userId: row.user_id,
      gameId: row.game_id,
      roomName: row.room_name,
      pence: Number(row.pence),
      endedAt: new Date(row.ended_at),
    }));
  }

  /** Claims the "you won" of a player and show: false when another process already did. */
  async claimWin(userId: string, gameId: string, now: Date): Promise<boolean> {
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`insert into push_sends (user_id, game_id, slot, kind, sent_at)
          values (${userId}, ${gameId}, 'after-show', 'you-won', ${now.toISOString()}::timestamptz)
          on conflict do nothing
          returning user_id`,
    );
    return rows.length > 0;
  }

  /** Which winners of an ended game were watching its results (the rest may get a push). */
  async markWatchedResults(gameId: string, watching: readonly string[]): Promise<void> {
    await this.db.execute(
      sql`update payouts set watched_results = (player_id::text = any(${`{${watching.join(',')}}`}::text[]))
          where game_id = ${gameId} and watched_results is null`,
    );
  }

  /** Whether the room exists (a follow of one that does not is refused). */
  async roomExists(roomId: string): Promise<boolean> {
    const rows = await queryRows(this.db, sql`select 1 from rooms where id = ${roomId}`);
    return rows.length > 0;
  }

  async follow(userId: string, roomId: string): Promise<void> {
    await this.db.execute(
      sql`insert into room_follows (user_id, room_id) values (${userId}, ${roomId}) on conflict do nothing`,
    );
  }

  async unfollow(userId: string, roomId: string): Promise<void> {
    await this.db.execute(sql`delete from room_follows where user_id = ${userId} and room_id = ${roomId}`);
  }

  async follows(userId: string): Promise<string[]> {
    const rows = await queryRows<{ room_id: string }>(
      this.db,
      sql`select room_id from room_follows where user_id = ${userId} order by created_at`,
    );
    return rows.map((row) => row.room_id);
  }

  async preferences(userId: string): Promise<PushPreferences> {
    const [row] = await queryRows<PushPreferences>(
      this.db,
      sql`select show_starts as "showStarts", followed_rooms as "followedRooms", wins
          from push_preferences where user_id = ${userId}`,
    );
    return row ?? PREFERENCES_DEFAULT;
  }

  async setPreferences(userId: string, preferences: PushPreferences): Promise<void> {
    await this.db.execute(
      sql`insert into push_preferences (user_id, show_starts, followed_rooms, wins)
          values (${userId}, ${preferences.showStarts}, ${preferences.followedRooms}, ${preferences.wins})
          on conflict (user_id) do update
          set show_starts = excluded.show_starts, followed_rooms = excluded.followed_rooms,
              wins = excluded.wins, updated_at = now()`,
    );
  }
}
