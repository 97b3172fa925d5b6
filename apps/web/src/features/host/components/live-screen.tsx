import { useRef, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { hasChat } from '@ruthless/game';
import type { LiveView } from '@ruthless/protocol';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency } from '@/lib/currency';
import { useLiveGame } from '@/lib/live-game/use-live-game';
import { useGameStore } from '@/lib/live-game/game-store';
import { useHostGame } from '../api/get-host-game';
import { useHostControl, type HostControl } from '../api/host-control';
import { useServerNow } from '@/hooks/use-server-now';
import { formatDuration, formatStart } from '../utils/time';
import { AuditList } from './audit-list';
import { ConfirmButton } from './confirm-button';
import { Button } from '@/components/ui/button';
import { useHostChatFeed } from '../hooks/use-host-chat-feed';
import { HostChatPanel } from './host-chat-panel';
import { VideoPreview } from './video-preview';
import shared from './host-console.module.css';
import styles from './live-screen.module.css';

const STAGE_NAMES: Record<LiveView['stage'], string> = {
  scheduled: 'Scheduled',
  'green-room': 'Green room',
  reels: 'Reels',
  'lucky-fate': 'Lucky fate',
  draw: 'Draw',
  ruthless: 'Ruthless final',
  reveal: 'Reveal',
  ended: 'Ended',
  cancelled: 'Cancelled',
};
const PRIZE_NAMES = { 'one-line': 'One line', 'two-lines': 'Two lines', 'full-house': 'Full house' };
const numbers = Array.from({ length: 90 }, (_, i) => i + 1);

/** What the timer shows for the stage: a count down to its end, or the time since it began. */
function stageTimer(
  view: LiveView,
  now: number,
  lastBallAt: number | null,
): { label: string; ms: number } | null {
  const { times, timings } = view;
  const left = (from: number | null, length: number) => (from === null ? null : from + length - now);
  switch (view.stage) {
    case 'scheduled':
    case 'green-room':
      return { label: 'Starts in', ms: Date.parse(view.gameStartTime) - now };
    case 'reels':
      return { label: 'Reels end in', ms: left(times.reelsStartedAt, timings.reelsMs) ?? 0 };
    case 'lucky-fate':
      return { label: 'Picks close in', ms: left(times.luckyFateOpenedAt, timings.luckyFateMs) ?? 0 };
    case 'draw':
      if (view.paused) return { label: 'Automatic host', ms: 0 };
      return {
        label: 'Next ball in',
        ms: left(lastBallAt ?? times.drawStartedAt, timings.ballIntervalMs) ?? 0,
      };
    case 'ruthless':
      return { label: 'Final ends in', ms: left(times.ruthlessStartedAt, timings.ruthlessMs) ?? 0 };
    case 'reveal':
      return { label: 'Reveal for', ms: now - (times.revealStartedAt ?? now) };
    default:
      return null;
  }
}

/** Which controls apply now (the server refuses the others anyway). */
function applies(view: LiveView | null): Record<HostControl, boolean> {
  const stage = view?.stage;
  // After the full house the draw only waits for the automatic host to open the final.
  const drawing = stage === 'draw' && view?.gameProgress.currentPrize !== null;
  return {
    'open-green-room': stage === 'scheduled',
    start: stage === 'scheduled' || stage === 'green-room',
    // Paused stops the automatic host only: the host can still advance the show ball by ball.
    draw: drawing,
    pause: drawing && !view?.paused,
    resume: stage === 'draw' && view?.paused === true,
    end: stage === 'reveal',
  };
}

/** One figure of the strip over the live game: a label over its value. */
function StatTile({
  label,
  children,
  alert = false,
  small = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  alert?: boolean;
  small?: boolean;
  testId?: string;
}) {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span
        className={styles.statValue}
        data-alert={alert ? '' : undefined}
        data-testid={testId}
        style={small ? { fontSize: 14 } : undefined}
      >
        {children}
      </span>
    </div>
  );
}

/** One game live: its state from the game's socket events, the controls, the chat and the audit. */
export function LiveScreen() {
  const { gameUuid = '' } = useParams();
  const onChat = useHostChatFeed(gameUuid);
  useLiveGame(gameUuid, false, undefined, onChat);
  const view = useGameStore((state) => state.view);
  const connection = useGameStore((state) => state.connection);
  const refusal = useGameStore((state) => state.refusal);
  const recent = useGameStore((state) => state.recent);
  const metadata = useGameStore((state) => state.metadata);
  const game = useHostGame(gameUuid);
  const control = useHostControl();
  const now = useServerNow(250);

  // Set in the click itself: a double click lands before the re-render that disables the buttons.
  const sending = useRef(false);
  const act = (action: HostControl) => {
    if (sending.current) return;
    sending.current = true;
    control.mutate(
      { gameUuid, action, key: crypto.randomUUID() },
      {
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const can = applies(view);
  const busy = control.isPending;
  const busyWith = busy ? control.variables?.action : undefined;
  const balls = view?.ballSequence ?? [];
  const called = new Set(balls);
  const last = balls.at(-1) ?? null;
  const lastBallAt = recent.findLast((shown) => shown.event.type === 'ball-called')?.at ?? null;
  const timer = view ? stageTimer(view, now, lastBallAt) : null;
  const names = view?.names ?? {};
  const nameOf = (playerId: string) => names[playerId] ?? `Player ${playerId.slice(0, 4)}`;
  const idle = !view || ['scheduled', 'ended', 'cancelled'].includes(view.stage);
  const ticketsLeft = metadata?.ticketsAvailable ?? game.data?.ticketsAvailable;
  const revealed = view?.stage === 'reveal' || view?.stage === 'ended';
  // The prize being played for, with its own amount: the pot is only the full house's.
  const prize = view?.statusBarData.currentPrize ?? null;
  const prizePence = view?.statusBarData.currentPrizePence ?? null;
  const potMultiplier = view?.reels?.potMultiplier ?? 1;

  if (connection === 'refused') {
    return <p className={shared.error}>{refusal ?? 'This game cannot be followed.'}</p>;
  }

  return (
    <div className={styles.live} aria-busy={!view}>
      <div className={styles.strip}>
        <div className={styles.stage} data-idle={idle || undefined}>
          <span className={styles.statLabel}>Stage</span>
          <span className={styles.stageName} data-testid="host-stage">
            <span className={styles.onAir} aria-hidden="true" />
            {view ? STAGE_NAMES[view.stage] : 'Connecting…'}
          </span>
        </div>
        <StatTile label={timer?.label ?? 'Timer'} alert={Boolean(timer && timer.ms < 10_000)}>
          {view?.stage === 'draw' && view.paused ? 'Paused' : timer ? formatDuration(timer.ms) : '—'}
        </StatTile>
        <StatTile label="Players" testId="host-players">
          {view?.statusBarData.players ?? 0}
        </StatTile>
        <StatTile label="Tickets left">
          {ticketsLeft ?? '—'}
          <small className={shared.muted}>/{game.data?.maxTickets ?? '—'}</small>
        </StatTile>
        <StatTile label="Balls" testId="host-balls-count">
          {balls.length}/90
        </StatTile>
        <StatTile label={prize ? PRIZE_NAMES[prize] : 'Prize'} testId="host-prize">
          {prizePence === null ? '—' : formatCurrency(prizePence)}
        </StatTile>
        <StatTile label={potMultiplier > 1 ? `Pot x${potMultiplier}` : 'Pot'} testId="host-pot">
          {formatCurrency(view?.statusBarData.pot ?? 0)}
        </StatTile>
        {view?.paused ? (
          <div className={styles.paused} role="status">
            PAUSED
          </div>
        ) : (
          <StatTile label="Link" small>
            {connection === 'live' ? '● live' : connection}
          </StatTile>
        )}
      </div>

      <div className={styles.column}>
        <section className={`${shared.panel} ${styles.controlsPanel}`} aria-labelledby="controls-title">
          <header className={shared.panelHead}>
            <h2 id="controls-title" className={shared.panelTitle}>
              Controls
            </h2>
          </header>
          <div className={styles.controls}>
            <ConfirmButton
              variant="glass"
              size="lg"
              disabled={!can['open-green-room'] || busy}
              tone="gold"
              title="Open the green room?"
              message="Ticket holders are let in to wait for the show. It cannot be closed again."
              confirmLabel="Open green room"
              onConfirm={() => act('open-green-room')}
            >
              Open green room
            </ConfirmButton>
            <ConfirmButton
              variant="emerald"
              size="lg"
              disabled={!can.start || busy}
              tone="emerald"
              title="Start the show now?"
              message="The reels spin now, whatever the scheduled start. Ticket sales close. This cannot be undone."
              confirmLabel="Start now"
              onConfirm={() => act('start')}
            >
              Start now
            </ConfirmButton>
            <Button
              size="lg"
              className={styles.wide}
              disabled={!can.draw || busy}
              aria-busy={busyWith === 'draw' || undefined}
              onClick={() => act('draw')}
            >
              Call next ball
            </Button>
            <Button
              variant="glass"
              size="lg"
              disabled={!can.pause || busy}
              aria-busy={busyWith === 'pause' || undefined}
              onClick={() => act('pause')}
            >
              Pause
            </Button>
            <Button
              variant="glass"
              size="lg"
              disabled={!can.resume || busy}
              aria-busy={busyWith === 'resume' || undefined}
              onClick={() => act('resume')}
            >
              Resume
            </Button>
            <ConfirmButton
              variant="ruby"
              size="lg"
              className={styles.wide}
              disabled={!can.end || busy}
              title="End the show?"
              message="The reveal closes, the results and the seed are published. This cannot be undone."
              confirmLabel="End show"
              onConfirm={() => act('end')}
            >
              End show
            </ConfirmButton>
          </div>
        </section>
        <section className={shared.panel} aria-labelledby="video-title">
          <header className={shared.panelHead}>
            <h2 id="video-title" className={shared.panelTitle}>
              Program
            </h2>
          </header>
          <div className={shared.panelBody}>
            <VideoPreview source={game.data?.videoSource ?? view?.videoSource ?? null} />
            {game.data && (
              <p className={shared.hint} style={{ marginTop: 8 }}>
                Scheduled {formatStart(game.data.gameStartTime)} · lucky fate{' '}
                {game.data.prizeLuckyFateSelections}
              </p>
            )}
            <p className={shared.commitment} style={{ marginTop: 4 }} title="SHA-256 of the seed">
              Commitment {view?.commitment ?? game.data?.commitment}
            </p>
          </div>
        </section>
      </div>

      <div className={styles.column}>
        <section className={shared.panel} aria-labelledby="board-title">
          <header className={shared.panelHead}>
            <h2 id="board-title" className={shared.panelTitle}>
              Called balls
            </h2>
            {view?.reels && <span className={shared.chip}>prize ball {view.reels.prizeBall}</span>}
            {view?.reels && <span className={shared.chip}>pot x{view.reels.potMultiplier}</span>}
          </header>
          <div className={`${shared.panelBody} ${styles.boardWrap}`}>
            <div>
              <div
                className={styles.lastBall}
                data-none={last === null || undefined}
                data-testid="host-last-ball"
              >
                {last ?? 'No ball'}
              </div>
              <ol className={styles.recentBalls} aria-label="Last balls">
                {balls
                  .slice(-10, -1)
                  .reverse()
                  .map((ball) => (
                    <li key={ball}>{ball}</li>
                  ))}
              </ol>
            </div>
            <div className={styles.board} aria-label={`Called: ${balls.join(', ') || 'none'}`}>
              {numbers.map((n) => (
                <span
                  key={n}
                  className={styles.cell}
                  data-called={called.has(n) || undefined}
                  data-last={n === last || undefined}
                  data-prize={n === view?.reels?.prizeBall || undefined}
                >
                  {n}
                </span>
              ))}
            </div>
          </div>
        </section>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12, minHeight: 0 }}>
          <section className={shared.panel} aria-labelledby="queue-title">
            <header className={shared.panelHead}>
              <h2 id="queue-title" className={shared.panelTitle}>
                Near-win queue
              </h2>
              <span className={shared.count}>{view?.bingoTicketQueue.length ?? 0}</span>
            </header>
            <div className={shared.panelBody}>
              {!view?.bingoTicketQueue.length ? (
                <p className={shared.empty}>Nobody is close yet.</p>
              ) : (
                <ol className={shared.list}>
                  {view.bingoTicketQueue.map((entry) => (
                    <li key={entry.ticketIndex} className={shared.item}>
                      <span className={styles.togo} data-two={entry.togo === 2 || undefined}>
                        {entry.togo} to go
                      </span>
                      <strong>{nameOf(entry.playerId)}</strong>
                      <span className={shared.muted}>#{entry.ticketIndex + 1}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </section>
          <section className={shared.panel} aria-labelledby="winners-title">
            <header className={shared.panelHead}>
              <h2 id="winners-title" className={shared.panelTitle}>
                Winners
              </h2>
            </header>
            <div className={shared.panelBody}>
              {!view?.awards.length ? (
                <p className={shared.empty}>No prize won yet.</p>
              ) : (
                <ol className={shared.list} aria-label="Winners">
                  {view.awards.map((award) => (
                    <li key={award.prize} className={shared.item}>
                      <span className={shared.chip} data-tone="GOLD">
                        {PRIZE_NAMES[award.prize]}
                      </span>
                      <span>
                        {award.winners.map((winner) => nameOf(winner.playerId)).join(', ')}
                        <span className={shared.muted}>
                          {' '}
                          on {award.ball}
                          {award.onPrizeBall ? ' ★' : ''}
                        </span>
                      </span>
                      <span className={shared.amount}>{formatCurrency(award.amountPence)}</span>
                    </li>
                  ))}
                </ol>
              )}
              {view?.final && (
                <>
                  <h3 className={shared.panelTitle} style={{ margin: '12px 0 6px' }}>
                    Finalists · pot {formatCurrency(view.final.potPence)}
                  </h3>
                  <ol className={shared.list} aria-label="Finalists">
                    {view.final.finalists.map((finalist) => (
                      <li key={finalist.ticketIndex} className={shared.item}>
                        <strong>{nameOf(finalist.playerId)}</strong>
                        {finalist.runnerUp && <span className={shared.chip}>runner-up</span>}
                        <span className={shared.amount} style={{ color: revealed ? undefined : '#aab4d4' }}>
                          {revealed
                            ? (finalist.choice ?? '—').toUpperCase()
                            : finalist.hasChosen
                              ? 'chosen'
                              : 'choosing…'}
                        </span>
                      </li>
                    ))}
                  </ol>
                </>
              )}
              {view?.result && (
                <>
                  <h3 className={shared.panelTitle} style={{ margin: '12px 0 6px' }}>
                    Payouts · {view.result.outcome}
                  </h3>
                  <ol className={shared.list} aria-label="Payouts">
                    {view.result.payouts.map((payout) => (
                      <li key={payout.ticketIndex} className={shared.item}>
                        <strong>{nameOf(payout.playerId)}</strong>
                        <span className={shared.muted}>x{payout.multiplier}</span>
                        <span className={shared.amount}>{formatCurrency(payout.totalPence)}</span>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </div>
          </section>
        </div>
      </div>

      <div className={`${styles.column} ${styles.aside}`}>
        <HostChatPanel
          gameUuid={gameUuid}
          roomUuid={game.data?.roomUuid}
          chatOpen={Boolean(view && hasChat(view.stage))}
        />
        <AuditList gameUuid={gameUuid} />
      </div>
    </div>
  );
}
