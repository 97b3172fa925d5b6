import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RoomAnalytics } from '@ruthless/protocol/analytics';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency } from '@/lib/currency';
import { useHostRooms } from '@/features/host/api/get-host-rooms';
import { useRoomAnalytics } from '@/features/host/api/get-room-analytics';
import { formatStart } from '@/features/host/utils/time';
import { BarList, FigurePanel, Stat } from './figure-table';
import { TimeChart } from './time-chart';
import shared from '../host-console.module.css';
import styles from './analytics.module.css';

const PERIODS = [4, 12, 26, 52] as const;
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekOf = (iso: string) => dayFormat.format(new Date(iso));
const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);
const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;

/** /host/rooms/:roomUuid/analytics: a room's shows week by week, each chart with its table. */
export function RoomAnalyticsScreen() {
  const { roomUuid = '' } = useParams();
  const [weeks, setWeeks] = useState<number>(12);
  const figures = useRoomAnalytics(roomUuid, weeks);
  const room = useHostRooms().data?.find((candidate) => candidate.roomUuid === roomUuid);
  return (
    <div className={styles.screen}>
      <header className={styles.screenHead}>
        <div>
          <h1 className={styles.title}>{room ? `${room.name}: weeks` : 'Room analytics'}</h1>
          <p className={shared.muted}>Weeks start on Monday (UTC). Ended shows only.</p>
        </div>
        <label className={styles.period}>
          Period
          <select value={weeks} onChange={(event) => setWeeks(Number(event.target.value))}>
            {PERIODS.map((count) => (
              <option key={count} value={count}>
                {count} weeks
              </option>
            ))}
          </select>
        </label>
      </header>
      {figures.isError && <p className={shared.error}>{errorMessage(figures.error)}</p>}
      {figures.data ? (
        <RoomFigures figures={figures.data} />
      ) : (
        !figures.isError && <p className={shared.empty}>Loading…</p>
      )}
    </div>
  );
}

function RoomFigures({ figures }: { figures: RoomAnalytics }) {
  const weeks = figures.weeks;
  const times = useMemo(() => weeks.map((week) => Date.parse(week.weekStart) / 1000), [weeks]);
  const players = useMemo(
    () => [
      { label: 'Unique', values: weeks.map((w) => w.uniquePlayers), color: '#f5c542', bars: true },
      { label: 'Returning', values: weeks.map((w) => w.returningPlayers), color: '#4ade80' },
    ],
    [weeks],
  );
  const perShow = useMemo(
    () => [
      {
        label: 'Average per show',
        values: weeks.map((w) => (w.shows ? w.averagePlayers : null)),
        color: '#60a5fa',
      },
      { label: 'Peak', values: weeks.map((w) => (w.shows ? w.peakPlayers : null)), color: '#f5c542' },
    ],
    [weeks],
  );
  const totals = weeks.reduce(
    (sum, week) => ({
      shows: sum.shows + week.shows,
      finals: sum.finals + week.finals,
      allSteal: sum.allSteal + week.allStealShows,
      rollovers: sum.rollovers + week.rolloversCarried,
    }),
    { shows: 0, finals: 0, allSteal: 0, rollovers: 0 },
  );
  const file = (name: string) => `ruthless-room-${figures.roomUuid.slice(0, 8)}-${name}.csv`;
  return (
    <>
      <div className={styles.stats} aria-label="Headline figures" role="group">
        <Stat label="Shows run" value={totals.shows} />
        <Stat label="All-steal rate" value={totals.finals ? percent(totals.allSteal / totals.finals) : '–'} />
        <Stat label="Rollovers carried" value={totals.rollovers} />
        {/* Now, not in the period: players told when each show's green room opens. */}
        <Stat label="Followers" value={figures.followers} />
        <Stat
          label="Busiest start"
          value={figures.busiestStartTimes[0] ? hour(figures.busiestStartTimes[0].hour) : '–'}
        />
      </div>
      <div className={styles.grid}>
        <FigurePanel
          title="Players per week"
          fileName={file('players')}
          chart={<TimeChart times={times} series={players} ticks="days" timeZone={figures.timeZone} />}
          columns={['Week of', 'Shows', 'Unique players', 'Returning', 'Retention']}
          rows={weeks.map((w) => [
            weekOf(w.weekStart),
            w.shows,
            w.uniquePlayers,
            w.returningPlayers,
            percent(w.retention),
          ])}
        />
        <FigurePanel
          title="Players per show"
          fileName={file('per-show')}
          chart={<TimeChart times={times} series={perShow} ticks="days" timeZone={figures.timeZone} />}
          columns={['Week of', 'Shows', 'Average players', 'Peak players']}
          rows={weeks.map((w) => [weekOf(w.weekStart), w.shows, w.averagePlayers, w.peakPlayers])}
        />
        <FigurePanel
          title="Finals and rollovers"
          fileName={file('finals')}
          columns={['Week of', 'Finals', 'All-steal', 'All-steal rate', 'Rollovers carried', 'Rollover']}
          rows={weeks.map((w) => [
            weekOf(w.weekStart),
            w.finals,
            w.allStealShows,
            w.finals ? percent(w.allStealShows / w.finals) : '–',
            w.rolloversCarried,
            formatCurrency(w.rolloverPence),
          ])}
        />
        <FigurePanel
          title={`Busiest start times (${figures.timeZone})`}
          fileName={file('start-times')}
          chart={
            <BarList
              bars={figures.busiestStartTimes.slice(0, 6).map((slot) => ({
                label: hour(slot.hour),
                value: slot.averagePlayers,
                tone: 'gold',
              }))}
            />
          }
          columns={['Start', 'Shows', 'Average players']}
          rows={figures.busiestStartTimes.map((slot) => [hour(slot.hour), slot.shows, slot.averagePlayers])}
          empty="No show ended in this period."
        />
      </div>
      <section className={styles.figure} aria-labelledby="room-shows">
        <header className={styles.figureHead}>
          <h2 id="room-shows" className={styles.figureTitle}>
            Shows
          </h2>
        </header>
        {figures.shows.length === 0 ? (
          <p className={styles.empty}>No show ended in this period.</p>
        ) : (
          <ul className={styles.showList}>
            {figures.shows.map((show) => (
              <li key={show.gameUuid}>
                <Link to={`/host/games/${show.gameUuid}/analytics`}>{formatStart(show.gameStartTime)}</Link>
                <span className={shared.mono}>{show.players} players</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
