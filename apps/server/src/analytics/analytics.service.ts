import type { GameEvent, GameState } from '@ruthless/game';
import { HostErrorCode, type RoomAnalytics, type ShowAnalytics } from '@ruthless/protocol';
import { NotFoundError } from '../errors';
import type { LiveGames } from '../live/live-games.service';
import type { LiveRepository } from '../live/live.repository';
import type { AnalyticsRepository } from './analytics.repository';
import { SAMPLE_PERIOD_MS } from './live-sampler';

const MINUTE_MS = 60_000;
const WEEK_MS = 7 * 24 * 60 * 60_000;
/** The newest ended shows listed with a room's weeks (a year of nightly shows). */
const SHOWS_LISTED = 400;

/**
 * What the host learns from every show (docs/host-console.md, "Analytics"). A show's figures are
 * folded from its stored events with the engine (the same state its players saw), its chat and
 * the live samples; a room's weeks are SQL counts over tickets and the outcome each show's end
 * kept (show_outcomes), so a year of nightly shows is not folded again. Only counts leave here.
 */
export class AnalyticsService {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly live: Pick<LiveGames, 'get'>,
    private readonly liveRepository: Pick<LiveRepository, 'eventsAfter'>,
    private readonly roomExists: (roomId: string) => Promise<boolean>,
    private readonly clock: () => number = Date.now,
  ) {}

  async show(gameId: string): Promise<ShowAnalytics> {
    const game = await this.live.get(gameId);
    if (!game) throw new NotFoundError(HostErrorCode.gameNotFound, 'This game does not exist.', 'gameUuid');
    const [stored, samples, chat] = await Promise.all([
      this.liveRepository.eventsAfter(gameId, 0),
      this.repository.samplesOf(gameId),
      this.repository.chatByMinute(gameId),
    ]);
    const { state, row } = game;
    // From the green room on (a lobby's look at a scheduled game is not the show).
    const opened = state.times.greenRoomOpenedAt ?? state.times.reelsStartedAt;
    const shown =
      opened === null
        ? samples
        : samples.filter((sample) => sample.at.getTime() >= floorTo(opened, SAMPLE_PERIOD_MS));
    return {
      gameUuid: row.id,
      roomUuid: row.roomId,
      gameStartTime: row.startTime.toISOString(),
      state: state.stage,
      players: state.tickets.held,
      viewers: shown.map((sample) => ({ at: sample.at.toISOString(), viewers: sample.viewers })),
      peakViewers: Math.max(0, ...shown.map((sample) => sample.viewers)),
      reconnects: samples.reduce((sum, sample) => sum + sample.reconnects, 0),
      ticketsClaimed: ticketsByMinute(stored.map(({ event }) => event)),
      wins: winsOf(state),
      final: finalOf(state),
      chat: chat.map((minute) => ({ ...minute, minute: minute.minute.toISOString() })),
      money: {
        potPence: state.result?.potPence ?? 0,
        paidPence: (state.result?.payouts ?? []).reduce((sum, payout) => sum + payout.totalPence, 0),
        paidTickets: (state.result?.payouts ?? []).filter((payout) => payout.totalPence > 0).length,
        rolloverInPence: state.setup.rolloverPence,
        rolloverOutPence: state.result?.rolloverPence ?? 0,
      },
    };
  }

  /**
   * The room's last `weeks` weeks (Monday 00:00 UTC), the current one included; start hours on
   * the clocks of `timeZone` (an IANA name the route has checked).
   */
  async room(roomId: string, weeks: number, timeZone = 'UTC'): Promise<RoomAnalytics> {
    if (!(await this.roomExists(roomId)))
      throw new NotFoundError(HostErrorCode.roomNotFound, 'This room does not exist.', 'roomUuid');
    const thisWeek = mondayOf(this.clock());
    const from = thisWeek - (weeks - 1) * WEEK_MS;
    const to = thisWeek + WEEK_MS;
    const [shows, players, followers] = await Promise.all([
      this.repository.roomShows(roomId, new Date(from), new Date(to)),
      // One week more, so the first week shown has a week before to count returning players from.
      this.repository.roomWeekPlayers(roomId, new Date(from - WEEK_MS), new Date(to)),
      this.repository.roomFollowers(roomId),
    ]);
    const playersOf = new Map(players.map((week) => [week.weekStart.getTime(), week]));
    const weekRows = Array.from({ length: weeks }, (_, index) => {
      const start = from + index * WEEK_MS;
      const inWeek = shows.filter((show) => mondayOf(show.startTime.getTime()) === start);
      const week = playersOf.get(start);
      const before = playersOf.get(start - WEEK_MS);
      const returningPlayers = week?.returningPlayers ?? 0;
      const finals = inWeek.filter((show) => show.outcome !== null && show.outcome !== 'no-final');
      const carried = inWeek.filter((show) => show.rolloverInPence > 0);
      return {
        weekStart: new Date(start).toISOString(),
        shows: inWeek.length,
        uniquePlayers: week?.uniquePlayers ?? 0,
        returningPlayers,
        retention:
          before && before.uniquePlayers > 0 ? round(returningPlayers / before.uniquePlayers, 3) : null,
        averagePlayers: average(inWeek.map((show) => show.players)),
        peakPlayers: Math.max(0, ...inWeek.map((show) => show.players)),
        allStealShows: finals.filter((show) => show.outcome === 'all-steal').length,
        finals: finals.length,
        rolloversCarried: carried.length,
        rolloverPence: carried.reduce((sum, show) => sum + show.rolloverInPence, 0),
      };
    });
    const hourIn = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone });
    const byHour = new Map<number, number[]>();
    for (const show of shows) {
      const hour = Number(hourIn.format(show.startTime));
      byHour.set(hour, [...(byHour.get(hour) ?? []), show.players]);
    }
    return {
      roomUuid: roomId,
      followers,
      weeks: weekRows,
      timeZone,
      busiestStartTimes: [...byHour]
        .map(([hour, counts]) => ({ hour, shows: counts.length, averagePlayers: average(counts) }))
        .sort((a, b) => b.averagePlayers - a.averagePlayers || b.shows - a.shows || a.hour - b.hour),
      shows: shows
        .slice(-SHOWS_LISTED)
        .reverse()
        .map((show) => ({
          gameUuid: show.gameId,
          gameStartTime: show.startTime.toISOString(),
          players: show.players,
        })),
    };
  }
}

/** Tickets held at the end of each minute in which a ticket was claimed or given back. */
export function ticketsByMinute(events: readonly GameEvent[]): { at: string; tickets: number }[] {
  const points: { at: string; tickets: number }[] = [];
  let held = 0;
  for (const event of events) {
    if (event.type !== 'ticket-claimed' && event.type !== 'ticket-released') continue;
    held += event.type === 'ticket-claimed' ? 1 : -1;
    const at = new Date(floorTo(event.at, MINUTE_MS)).toISOString();
    if (points.at(-1)?.at === at) points.at(-1)!.tickets = held;
    else points.push({ at, tickets: held });
  }
  return points;
}

function winsOf(state: GameState): ShowAnalytics['wins'] {
  const drawStart = state.times.drawStartedAt ?? 0;
  return state.awards.map((award) => ({
    prize: award.prize,
    ballsCalled: award.ballsCalled,
    secondsFromDrawStart: Math.max(0, (award.at - drawStart) / 1000),
    winners: award.winners.length,
    amountPence: award.amountPence,
  }));
}

function finalOf(state: GameState): ShowAnalytics['final'] {
  if (!state.result) return null;
  const { outcome, choices } = state.result;
  const count = (defaulted: boolean, choice: 'share' | 'steal') =>
    choices.filter((played) => played.defaulted === defaulted && played.choice === choice).length;
  // A default is not a choice, but what it was decides the outcome: the host sees both.
  return {
    outcome,
    finalists: choices.length,
    shared: count(false, 'share'),
    stole: count(false, 'steal'),
    defaultedToShare: count(true, 'share'),
    defaultedToSteal: count(true, 'steal'),
  };
}

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const average = (values: number[]) =>
  values.length === 0 ? 0 : round(values.reduce((sum, value) => sum + value, 0) / values.length, 1);

/** Monday 00:00 UTC of the week holding `ms`. */
function mondayOf(ms: number): number {
  const day = new Date(floorTo(ms, 24 * 60 * 60_000));
  return day.getTime() - ((day.getUTCDay() + 6) % 7) * 24 * 60 * 60_000;
}
