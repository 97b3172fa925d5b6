import type { GameResults } from '@ruthless/protocol';
import { checkDraw } from '../utils/verify-draw';
import styles from './results.module.css';

/** The seed, the commitment and the draw recomputed here from the seed: ✓ or the first mismatch. */
export function VerifyDraw({ results, shownBalls }: { results: GameResults; shownBalls: readonly number[] }) {
  const check = checkDraw(results, shownBalls);
  return (
    <div className={styles.verify} data-testid="verify-draw" data-verified={check.ok}>
      <dl className={styles.hashes}>
        <div>
          <dt>Seed</dt>
          <dd>{results.seed}</dd>
        </div>
        <div>
          <dt>Commitment (SHA-256 of the seed)</dt>
          <dd>{results.commitment}</dd>
        </div>
      </dl>
      {check.ok ? (
        <p className={styles.ok} role="status">
          <span aria-hidden="true">✓</span> Draw verified: the seed matches its commitment and gives all{' '}
          {check.balls} balls in the order they were called, the prize ball {results.prizeBall}, the pot x
          {results.potMultiplier} and the finalists&apos; cards.
        </p>
      ) : (
        <p className={styles.bad} role="alert">
          <span aria-hidden="true">✗</span> Mismatch: {check.reason}
        </p>
      )}
      {check.order && (
        <details className={styles.order}>
          <summary>The seed&apos;s full draw order</summary>
          <p>
            {check.order.map((n, i) => (
              <span key={n} className={i < results.ballSequence.length ? styles.calledN : ''}>
                {n}
              </span>
            ))}
          </p>
        </details>
      )}
      <p className={styles.how}>
        Checked in your browser with the game engine: SHA-256 of the seed, then the draw derived from it
        (HMAC-SHA256 over a counter, in a Fisher-Yates shuffle).
      </p>
    </div>
  );
}
