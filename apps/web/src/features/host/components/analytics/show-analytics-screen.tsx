import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { ShowAnalytics } from '@ruthless/protocol/analytics';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency } from '@/lib/currency';
import { useShowAnalytics } from '@/features/host/api/get-show-analytics';
import { formatClock, formatStart, hostTimeZone } from '@/features/host/utils/time';
import { BarList, FigurePanel, Stat } from './figure-table';
import { TimeChart } from './time-chart';
import shared from '../host-console.module.css';
import styles from './analytics.module.css';

const PRIZE_NAMES = { 'one-line': 'One line', 'two-lines': 'Two lines', 'full-house': 'Full house' } as const;
const OUTCOMES = {
  'all-share': 'Everyone shared',
  'some-steal': 'Some stole',
  'all-steal': 'Everyone stole',
  'no-final': 'No final (one player)',
} as const;
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** /host/games/:gameUuid/analytics: what one show did, read at a glance, every chart with its table. */
export function ShowAnalyticsScreen() {
  const { gameUuid = '' } = useParams();
  const figures = useShowAnalytics(gameUuid);
  if (figures.isError) return <p className={shared.error}>{errorMessage(figures.error)}</p>;
  if (!figures.data) return <p className={shared.empty}>Loading the show’s figures…</p>;
  return <ShowFigures figures={figures.data} />;
}

function ShowFigures({ figures }: { figures: ShowAnalytics }) {
  const viewerChart = useMemo(
    () => ({
      times: figures.viewers.map((sample) => seconds(sample.at)),
      series: [{ label: 'Viewers', values: figures.viewers.map((s) => s.viewers), color: '#f5c542' }],
    }),
    [figures.viewers],
  );
  const ticketChart = useMemo(
    () => ({
      times: figures.ticketsClaimed.map((point) => seconds(point.at)),
      series: [
        {
          label: 'Tickets held',
          values: figures.ticketsClaimed.map((point) => point.tickets),
          color: '#4ade80',
          stepped: true,
        },
      ],
    }),
    [figures.ticketsClaimed],
  );
  const chatChart = useMemo(
    () => ({
      times: figures.chat.map((minute) => seconds(minute.minute)),
      series: [
        { label: 'Messages', values: figures.chat.map((m) => m.messages), color: '#60a5fa', bars: true },
        { label: 'Deleted', values: figures.chat.map((m) => m.deleted), color: '#f87171' },
        { label: 'Mutes', values: figures.chat.map((m) => m.mutes), color: '#c084fc' },
      ],
    }),
    [figures.chat],
  );
  const chatTotal = figures.chat.reduce((sum, minute) => sum + minute.messages, 0);
  const zone = hostTimeZone();
  const file = (name: string) => `ruthless-show-${figures.gameUuid.slice(0, 8)}-${name}.csv`;
  return (
    <div className={styles.screen}>
      <header className={styles.screenHead}>
        <div>
          <h1 className={styles.title}>Show of {formatStart(figures.gameStartTime)}</h1>
          <p className={shared.muted}>
            {figures.state} · times in {zone} ·{' '}
            <Link to={`/host/rooms/${figures.roomUuid}/analytics`}>The room’s weeks</Link>
          </p>
        </div>
      </header>
      <div className={styles.stats} aria-label="Headline figures" role="group">
        <Stat label="Players" value={figures.players} />
        <Stat label="Peak viewers" value={figures.peakViewers} />
        <Stat label="Reconnects" value={figures.reconnects} />
        <Stat label="Chat messages" value={chatTotal} />
        <Stat label="Pot" value={formatCurrency(figures.money.potPence)} />
        <Stat label="Paid out" value={formatCurrency(figures.money.paidPence)} />
      </div>
      <div className={styles.grid}>
        <FigurePanel
          title="Viewers over time"
          fileName={file('viewers')}
          chart={<TimeChart {...viewerChart} />}
          columns={[`Time (${zone})`, 'Viewers']}
          rows={figures.viewers.map((sample) => [formatClock(sample.at), sample.viewers])}
          empty="No viewers were sampled."
        />
        <FigurePanel
          title="Tickets claimed over time"
          fileName={file('tickets')}
          chart={<TimeChart {...ticketChart} />}
          columns={[`Minute (${zone})`, 'Tickets held']}
          rows={figures.ticketsClaimed.map((point) => [formatClock(point.at), point.tickets])}
          empty="No tickets were claimed."
        />
        <FigurePanel
          title="Time to each win"
          fileName={file('wins')}
          chart={
            <BarList
              bars={figures.wins.map((win) => ({
                label: PRIZE_NAMES[win.prize],
                value: Math.round(win.secondsFromDrawStart),
                tone: 'gold',
              }))}
            />
          }
          columns={['Prize', 'Balls called', 'Seconds from the draw', 'Winners', 'Amount']}
          rows={figures.wins.map((win) => [
            PRIZE_NAMES[win.prize],
            win.ballsCalled,
            win.secondsFromDrawStart.toFixed(1),
            win.winners,
            formatCurrency(win.amountPence),
          ])}
          empty="No prize was won."
        />
        <FigurePanel
          title="The final’s choices"
          fileName={file('final')}
          chart={
            figures.final && (
              <>
                <p className={styles.outcome}>{OUTCOMES[figures.final.outcome]}</p>
                <BarList
                  bars={[
                    { label: 'Shared', value: figures.final.shared, tone: 'green' },
                    { label: 'Stole', value: figures.final.stole, tone: 'red' },
                    { label: 'Defaulted to share', value: figures.final.defaultedToShare, tone: 'grey' },
                    { label: 'Defaulted to steal', value: figures.final.defaultedToSteal, tone: 'grey' },
                  ]}
                />
              </>
            )
          }
          columns={['Outcome', 'Finalists', 'Shared', 'Stole', 'Defaulted to share', 'Defaulted to steal']}
          rows={
            figures.final
              ? [
                  [
                    OUTCOMES[figures.final.outcome],
                    figures.final.finalists,
                    figures.final.shared,
                    figures.final.stole,
                    figures.final.defaultedToShare,
                    figures.final.defaultedToSteal,
                  ],
                ]
              : []
          }
          empty="No final yet."
        />
        <FigurePanel
          title="Chat per minute"
          fileName={file('chat')}
          chart={<TimeChart {...chatChart} />}
          columns={[`Minute (${zone})`, 'Messages', 'Deleted', 'Mutes']}
          rows={figures.chat.map((minute) => [
            formatClock(minute.minute),
            minute.messages,
            minute.deleted,
            minute.mutes,
          ])}
          empty="Nobody chatted."
        />
        <FigurePanel
          title="Pot and payouts"
          fileName={file('money')}
          columns={['Pot', 'Paid out', 'Tickets paid', 'Rollover in', 'Rollover out']}
          rows={[
            [
              formatCurrency(figures.money.potPence),
              formatCurrency(figures.money.paidPence),
              figures.money.paidTickets,
              formatCurrency(figures.money.rolloverInPence),
              formatCurrency(figures.money.rolloverOutPence),
            ],
          ]}
        />
      </div>
    </div>
  );
}
