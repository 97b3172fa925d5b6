import { Ball } from './ball';
import styles from './current-ball.module.css';

export interface CurrentBallProps {
  balls: readonly number[];
  callText: string | null;
  prizeBall: number | null;
  paused: boolean;
  /**
   * The last ball came in live just now: it drops in. A ball the phone already had (a reload's or
   * a catch-up's snapshot, a replay's seek) is shown at rest: a drop that never plays (a throttled
   * or hidden page) would leave it above the panel, out of sight.
   */
  dropIn: boolean;
}

/**
 * The ball just called, as large as its column allows, with its traditional call as the caption
 * and the three before it underneath.
 */
export function CurrentBall({ balls, callText, prizeBall, paused, dropIn }: CurrentBallProps) {
  const last = balls[balls.length - 1] ?? null;
  const previous = balls.slice(-4, -1).reverse();
  return (
    <section className={styles.stage} aria-label="Current ball">
      <div className={styles.machine}>
        <div className={styles.spot} aria-hidden="true" />
        {last === null ? (
          <p className={styles.waiting}>First ball coming up…</p>
        ) : (
          <div
            key={last}
            className={dropIn ? styles.drop : styles.rest}
            data-testid="current-ball"
            data-ball={last}
            data-drop={dropIn || undefined}
          >
            <Ball number={last} size="xl" className={styles.hero} isPrizeBall={last === prizeBall} />
          </div>
        )}
        {paused && <p className={styles.paused}>Paused</p>}
      </div>
      {last !== null && (
        <p key={`c${last}`} className={[styles.caption, dropIn ? styles.rise : ''].join(' ')}>
          {callText}
          {last === prizeBall && <strong className={styles.prizeNote}>★ Prize ball: prizes doubled!</strong>}
        </p>
      )}
      {previous.length > 0 && (
        <ol className={styles.history} aria-label="Previous balls">
          {previous.map((n, i) => (
            <li key={`${n}-${i}`} style={{ opacity: 1 - i * 0.22 }}>
              <Ball number={n} size="sm" isPrizeBall={n === prizeBall} />
              <span className="visually-hidden">{n}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
