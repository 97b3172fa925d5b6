import type { Choice } from '@ruthless/game';
import type { LiveView } from '@ruthless/protocol';
import { secondsLeft, useServerNow } from '@/hooks/use-server-now';
import { money, nameOf } from '../utils/labels';
import { ShareStealSlider } from '@/components/ui/share-steal-slider';
import styles from './ruthless-final.module.css';

export interface RuthlessFinalProps {
  view: LiveView;
  me: string | null;
  isFinalist: boolean;
  myChoice: Choice | null;
  /** Tapped but not yet taken by the server (offline, or on its way). */
  unsentChoice: Choice | null;
  /** The connection is down: an unsent choice waits for it. */
  offline: boolean;
  sending: boolean;
  onChoose: (choice: Choice) => void;
  /** Watch again: the show's clock is this far behind (the playhead), so the counter follows it. */
  clockDelayMs?: number;
}

/**
 * The final: the pot, the counter running down to 0, the finalists (who has chosen, never what)
 * and, for a finalist, the share/steal slider. Everyone else watches.
 */
export function RuthlessFinal({
  view,
  me,
  isFinalist,
  myChoice,
  unsentChoice,
  offline,
  sending,
  onChoose,
  clockDelayMs = 0,
}: RuthlessFinalProps) {
  const now = useServerNow(200) - clockDelayMs;
  const started = view.times.ruthlessStartedAt;
  // The counter is the server's deadline, corrected for this device's clock: not delayed for video
  // (a replay's is on the playhead's clock, stopped while paused).
  const left =
    view.stage === 'ruthless' && started !== null ? secondsLeft(started + view.timings.ruthlessMs, now) : 0;
  const total = Math.max(1, Math.ceil(view.timings.ruthlessMs / 1000));
  const final = view.final;
  const circumference = 2 * Math.PI * 44;
  return (
    <section className={styles.final} aria-labelledby="final-title">
      <p className={styles.kicker}>Ruthless mode</p>
      <h2 id="final-title" className={styles.title}>
        Share or Steal?
      </h2>
      <div className={styles.potRow}>
        <div className={styles.pot} data-testid="final-pot">
          <span>The pot</span>
          <strong>{money(final?.potPence ?? view.statusBarData.pot)}</strong>
        </div>
        <div
          className={[styles.counter, left <= 5 ? styles.urgent : ''].join(' ')}
          role="timer"
          aria-label={`${left} seconds left to choose`}
          data-testid="ruthless-counter"
        >
          <svg viewBox="0 0 100 100" aria-hidden="true">
            <circle cx="50" cy="50" r="44" className={styles.ringBack} />
            <circle
              cx="50"
              cy="50"
              r="44"
              className={styles.ring}
              style={{ strokeDasharray: circumference, strokeDashoffset: circumference * (1 - left / total) }}
            />
          </svg>
          <span key={left} className={styles.secs}>
            {left}
          </span>
        </div>
      </div>
      <ul className={styles.finalists} aria-label="Finalists">
        {final?.finalists.map((f) => (
          <li key={f.ticketIndex} className={f.playerId === me ? styles.me : ''}>
            <span className={styles.avatar} aria-hidden="true">
              {nameOf(view.names, f.playerId).slice(0, 1).toUpperCase()}
            </span>
            <span className={styles.who}>
              {nameOf(view.names, f.playerId, me)}
              {f.runnerUp && <small>runner-up</small>}
            </span>
            <span className={f.hasChosen ? styles.chosen : styles.thinking}>
              {f.hasChosen ? '✓ Chosen' : '… Thinking'}
            </span>
          </li>
        ))}
      </ul>
      {isFinalist ? (
        <div className={styles.mine}>
          <ShareStealSlider
            value={unsentChoice ?? myChoice}
            onChange={onChoose}
            disabled={left === 0 || sending}
          />
          <p
            className={[styles.note, unsentChoice ? styles.unsent : ''].join(' ')}
            aria-live="polite"
            data-testid="choice-note"
          >
            {unsentChoice
              ? offline
                ? `Your ${unsentChoice.toUpperCase()} is not sent yet: it goes as soon as you are back online.`
                : `Sending your ${unsentChoice.toUpperCase()}…`
              : myChoice
                ? `You chose to ${myChoice.toUpperCase()}. Secret until the reveal; you can change your mind until 0.`
                : 'Drag left to SHARE the pot, right to STEAL it. No choice: your profile default is used.'}
          </p>
        </div>
      ) : (
        <p className={styles.note}>
          The finalists are choosing in secret. Will they share, or steal the lot?
        </p>
      )}
    </section>
  );
}
