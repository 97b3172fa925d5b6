import { sql } from 'drizzle-orm';
import type { FinalOutcome } from '@ruthless/game';
import { queryRows, type Db } from '../db/database';
import { showLiveSamples } from '../db/schema';

/** A process's live figures of one show at one sampling time. */
export interface LiveSample {
  gameId: string;
  viewers: number;
  reconnects: number;
}

/** One ended show of a room, with its players (tickets held) and what its end decided. */
export interface RoomShowRow {
  gameId: string;
  startTime: Date;
  players: number;
  outcome: FinalOutcome | null;
  rolloverInPence: number;
}

/** The week-by-week players of a room's shows: distinct players, and those back from the week before. */
export interface RoomWeekPlayersRow {
  weekStart: Date;
  uniquePlayers: number;
  returningPlayers: number;
}

/** The SQL of show analytics: the live samples, the outcomes kept at each end, and the counts. */
export class AnalyticsRepository {
  constructor(private readonly db: Db) {}

  /** Stores one process's samples of the games still on (an ended or unknown game is skipped). */
  async saveSamples(processId: string, at: Date, samples: LiveSample[]): Promise<void> {
    if (samples.length === 0) return;
    const values = sql.join(
      samples.map(
        (sample) =>
          sql`(${sample.gameId}::uuid, ${at.toISOString()}::timestamptz, ${processId}, ${sample.viewers}::int, ${sample.reconnects}::int)`,
      ),
      sql`, `,
    );
    await this.db.execute(sql`
      insert into show_live_samples (game_id, at, process_id, viewers, reconnects)
      select v.game_id, v.at, v.process_id, v.viewers, v.reconnects
      from (values ${values}) as v(game_id, at, process_id, viewers, reconnects)
      join games g on g.id = v.game_id and g.state not in ('ended', 'cancelled')
      on conflict (game_id, at, process_id) do update
        set viewers = excluded.viewers, reconnects = show_live_samples.reconnects + excluded.reconnects`);
  }

  /** A show's samples summed over processes, oldest first. */
  async samplesOf(gameId: string): Promise<{ at: Date; viewers: number; reconnects: number }[]> {
    const rows = await queryRows<{ at: string | Date; viewers: number; reconnects: number }>(
      this.db,
      sql`select at, sum(viewers)::int as viewers, sum(reconnects)::int as reconnects
          from ${showLiveSamples} where game_id = ${gameId} group by at order by at`,
    );
    return rows.map((row) => ({ at: new Date(row.at), viewers: row.viewers, reconnects: row.reconnects }));
  }

  /** A show's chat by the minute: messages sent, deleted, and players muted in it. */
  async chatByMinute(
    gameId: string,
  ): Promise<{ minute: Date; messages: number; deleted: number; mutes: number }[]> {
    const rows = await queryRows<{ minute: string | Date; messages: number; deleted: number; mutes: number }>(
      this.db,
      sql`select minute, sum(messages)::int as messages, sum(deleted)::int as deleted, sum(mutes)::int as mutes
          from (
            select date_trunc('minute', created_at) as minute, count(*) as messages,
                   count(deleted_at) as deleted, 0 as mutes
            from chat_messages where game_id = ${gameId} and not from_host group by 1
            union all
            select date_trunc('minute', created_at), 0, 0, count(*)
            from chat_mutes where game_id = ${gameId} group by 1
          ) as by_minute
          group by minute order by minute`,
    );
    return rows.map((row) => ({ ...row, minute: new Date(row.minute) }));
  }

  /** How many players follow the room now. */
  async roomFollowers(roomId: string): Promise<number> {
    const [row] = await queryRows<{ followers: number }>(
      this.db,
      sql`select count(*)::int as followers from room_follows where room_id = ${roomId}`,
    );
    return Number(row?.followers ?? 0);
  }

  /** A room's ended shows that started in [from, to), oldest first. */
  async roomShows(roomId: string, from: Date, to: Date): Promise<RoomShowRow[]> {
    const rows = await queryRows<{
      game_id: string;
      start_time: string | Date;
      players: number;
      outcome: FinalOutcome | null;
      rollover_pence: number;
    }>(
      this.db,
      sql`select g.id as game_id, g.start_time, g.rollover_pence, o.outcome,
                 -- Kept at the end; counted for a show that ended before analytics.
                 coalesce(o.players,
                   (select count(*)::int from tickets t where t.game_id = g.id and t.released_at is null)) as players
          from games g left join show_outcomes o on o.game_id = g.id
          where g.room_id = ${roomId} and g.state = 'ended'
            and g.start_time >= ${from.toISOString()}::timestamptz and g.start_time < ${to.toISOString()}::timestamptz
          order by g.start_time`,
    );
    return rows.map((row) => ({
      gameId: row.game_id,
      startTime: new Date(row.start_time),
      players: row.players,
      outcome: row.outcome,
      rolloverInPence: row.rollover_pence,
    }));
  }

  /**
   * Per week (Monday 00:00 UTC) of [from, to): the distinct players of the room's ended shows
   * (room_week_players, kept as each show ends), and how many of them had played in the week
   * before (`from` should be a week earlier than the first week shown, so it has a week before).
   */
  async roomWeekPlayers(roomId: string, from: Date, to: Date): Promise<RoomWeekPlayersRow[]> {
    const rows = await queryRows<{ week_start: string; unique_players: number; returning_players: number }>(
      this.db,
      sql`select to_char(this_week.week_start, 'YYYY-MM-DD') as week_start, count(*)::int as unique_players,
                 count(last_week.player_id)::int as returning_players
          from room_week_players this_week
          left join room_week_players last_week
            on last_week.room_id = this_week.room_id and last_week.week_start = this_week.week_start - 7
              and last_week.player_id = this_week.player_id
          where this_week.room_id = ${roomId}
            and this_week.week_start >= ${isoDate(from)}::date and this_week.week_start < ${isoDate(to)}::date
          group by this_week.week_start order by this_week.week_start`,
    );
    return rows.map((row) => ({
      weekStart: new Date(`${row.week_start}T00:00:00Z`),
      uniquePlayers: row.unique_players,
      returningPlayers: row.returning_players,
    }));
  }
}

const isoDate = (at: Date) => at.toISOString().slice(0, 10);
