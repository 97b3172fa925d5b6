import { z } from 'zod';

/**
 * Show analytics for the host console (docs/host-console.md, "Analytics"): counts and times only,
 * never a player's id or name.
 */

const isoTime = z.string();
const count = z.number().int().nonnegative();

/** One show, from its stored events, its chat and the live samples of its viewers. */
export const showAnalyticsSchema = z.object({
  gameUuid: z.string(),
  roomUuid: z.string(),
  gameStartTime: isoTime,
  /** The engine's stage (the wire's `state`) when read. */
  state: z.string(),
  /** Tickets held when read (at the end: the show's players). */
  players: count,
  /** Connected viewers every few seconds (summed over the server's processes). */
  viewers: z.array(z.object({ at: isoTime, viewers: count })),
  peakViewers: count,
  /** Viewers who joined again after losing their connection. */
  reconnects: count,
  /** Tickets held at the end of each minute in which one was claimed or given back. */
  ticketsClaimed: z.array(z.object({ at: isoTime, tickets: count })),
  /** Each prize won, in order, with how long the draw took to it. */
  wins: z.array(
    z.object({
      prize: z.enum(['one-line', 'two-lines', 'full-house']),
      ballsCalled: count,
      secondsFromDrawStart: z.number().nonnegative(),
      winners: count,
      amountPence: count,
    }),
  ),
  /** The ruthless final's choices, null without a final. */
  final: z
    .object({
      outcome: z.enum(['all-share', 'some-steal', 'all-steal', 'no-final']),
      finalists: count,
      shared: count,
      stole: count,
      /** Did not choose in time: their profile's default was played, split by what it was. */
      defaultedToShare: count,
      defaultedToSteal: count,
    })
    .nullable(),
  /** Chat by the minute: messages sent, deleted by a host, and players muted. */
  chat: z.array(z.object({ minute: isoTime, messages: count, deleted: count, mutes: count })),
  money: z.object({
    /** The final's pot (full house, doubled on the prize ball, times the pot multiplier, plus rollover). */
    potPence: count,
    /** Everything paid out, lucky-fate multipliers included. */
    paidPence: count,
    /** Tickets paid something. */
    paidTickets: count,
    rolloverInPence: count,
    /** Carried to the room's next game (everyone stole). */
    rolloverOutPence: count,
  }),
});
export type ShowAnalytics = z.infer<typeof showAnalyticsSchema>;

/** Weeks of a room: up to two years. */
export const roomAnalyticsQuerySchema = z.strictObject({
  weeks: z.coerce
    .number({ error: 'weeks must be a whole number from 1 to 104' })
    .int({ error: 'weeks must be a whole number from 1 to 104' })
    .min(1, { error: 'weeks must be a whole number from 1 to 104' })
    .max(104, { error: 'weeks must be a whole number from 1 to 104' })
    .default(12),
  /** The host's IANA time zone: start hours are counted on its clocks (a show at 20:00 in London
   * stays at 20:00 across summer time). */
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { error: 'timeZone must be an IANA time zone such as Europe/London' })
    .default('UTC'),
});

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A room's ended shows week by week (weeks start on Monday, UTC). */
export const roomAnalyticsSchema = z.object({
  roomUuid: z.string(),
  /** Players following the room now (a push when each of its shows opens its green room). */
  followers: count,
  weeks: z.array(
    z.object({
      weekStart: isoTime,
      shows: count,
      /** Different players who held a ticket in one of the week's shows. */
      uniquePlayers: count,
      /** Of those, the ones who also played the week before. */
      returningPlayers: count,
      /** returningPlayers over the week before's uniquePlayers (null when it had none). */
      retention: z.number().nonnegative().nullable(),
      averagePlayers: z.number().nonnegative(),
      peakPlayers: count,
      /** Shows whose final was all-steal, and shows that had a final. */
      allStealShows: count,
      finals: count,
      /** Shows that carried a rollover into their full house, and how much. */
      rolloversCarried: count,
      rolloverPence: count,
    }),
  ),
  /** The time zone of the start hours (the query's). */
  timeZone: z.string(),
  /** Start hours (0-23 on the time zone's clocks) by average players, busiest first. */
  busiestStartTimes: z.array(
    z.object({ hour: z.number().int().min(0).max(23), shows: count, averagePlayers: z.number() }),
  ),
  /** Ended shows of the period, newest first, to open one. */
  shows: z.array(z.object({ gameUuid: z.string(), gameStartTime: isoTime, players: count })),
});
export type RoomAnalytics = z.infer<typeof roomAnalyticsSchema>;
