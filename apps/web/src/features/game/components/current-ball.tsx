import { Ball } from './ball';
import styles from './current-ball.module.css';

export interface CurrentBallProps {
  balls: readonly number[];
  callText: string | null;
  prizeBall: number | null;
  paused: boolean;
}

/**
 * The ball just called, as large as its column allows, with its traditional call as the caption
 * and the three before it underneath.
 */
export function CurrentBall({ balls, callText, prizeBall, paused }: CurrentBallProps) {
  const last = balls[balls.length - 1] ?? null;
  const previous = balls.slice(-4, -1).reverse();
  return (
    <section className={styles.stage} aria-label="Current ball">
      <div className={styles.machine}>
        <div className={styles.spot} aria-hidden="true" />
        {last === null ? (
          <p className={styles.waiting}>First ball coming up…</p>
        ) : (
          <div key={last} className={styles.drop} data-testid="current-ball" data-ball={last}>
            <Ball number={last} size="xl" className={styles.hero} isPrizeBall={last === prizeBall} />
          </div>
        )}
        {paused && <p className={styles.paused}>Paused</p>}
      </div>
      {last !== null && (
        <p key={`c${last}`} className={styles.caption}>
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
