import type { LiveView } from '@ruthless/protocol';
import { secondsLeft, useServerNow } from '@/hooks/use-server-now';
import { money } from '../utils/labels';
import styles from './green-room.module.css';

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 1, '0');
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/**
 * Before the start: the green room's countdown, players coming in and what is up for grabs.
 * Watch again passes its playhead's distance behind the clock (`clockDelayMs`), so the countdown
 * follows it, and the players of the show as recorded (`players`).
 */
export function GreenRoom({
  view,
  clockDelayMs = 0,
  players: recordedPlayers = null,
}: {
  view: LiveView;
  clockDelayMs?: number;
  players?: number | null;
}) {
  const now = useServerNow(250) - clockDelayMs;
  const left = secondsLeft(Date.parse(view.gameStartTime), now);
  const players = recordedPlayers ?? view.statusBarData.players;
  const open = view.stage === 'green-room';
  return (
    <section className={styles.room} aria-labelledby="green-room-title">
      <p className={styles.kicker}>{open ? 'Doors are open' : 'Doors open soon'}</p>
      <h2 id="green-room-title" className={styles.title}>
        The Green Room
      </h2>
      <div className={styles.countdown} role="timer" aria-label={`Show starts in ${clock(left)}`}>
        <span className={styles.label}>Show starts in</span>
        <span className={[styles.time, left <= 10 ? styles.final : ''].join(' ')}>{clock(left)}</span>
      </div>
      <div className={styles.players}>
        <span className={styles.seats} aria-hidden="true">
          {Array.from({ length: Math.min(players, 7) }, (_, i) => (
            <span key={i} style={{ animationDelay: `${i * 0.12}s` }} />
          ))}
        </span>
        <strong key={players} className={styles.count}>
          {players}
        </strong>{' '}
        {players === 1 ? 'player is in' : 'players are in'}
      </div>
      <ul className={styles.prizes} aria-label="Prizes">
        <li>
          <span>One Line</span>
          <strong>{money(view.prizes.oneLine)}</strong>
        </li>
        <li>
          <span>Two Lines</span>
          <strong>{money(view.prizes.twoLines)}</strong>
        </li>
        <li className={styles.house}>
          <span>Full House</span>
          <strong>{money(view.prizes.fullHouse + view.rolloverInPence)}</strong>
        </li>
      </ul>
      {view.rolloverInPence > 0 && (
        <p className={styles.rollover}>Includes a {money(view.rolloverInPence)} rollover!</p>
      )}
    </section>
  );
}
