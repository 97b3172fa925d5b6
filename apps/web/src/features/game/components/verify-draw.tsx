import type { GameResults } from '@ruthless/protocol';
import { useEventLog } from '../api/get-event-log';
import { checkDraw } from '../utils/verify-draw';
import styles from './results.module.css';

/**
 * The seed, the commitment and the game's stored event log checked here by the engine's
 * `verifyGame`: ✓ or the first event that does not follow from the seed.
 */
export function VerifyDraw({ results, shownBalls }: { results: GameResults; shownBalls: readonly number[] }) {
  const log = useEventLog(results.gameUuid);
  if (log.isPending)
    return (
      <p className={styles.muted} role="status">
        Fetching the game&apos;s event log…
      </p>
    );
  if (log.isError)
    return (
      <p className={styles.bad} role="alert">
        The game&apos;s event log could not be loaded. Try again in a moment.
      </p>
    );
  const check = checkDraw(log.data, results.commitment, shownBalls);
  return (
    <div className={styles.verify} data-testid="verify-draw" data-verified={check.ok}>
      <dl className={styles.hashes}>
        <div>
          <dt>Seed</dt>
          <dd>{log.data.seed}</dd>
        </div>
        <div>
          <dt>Commitment (SHA-256 of the seed)</dt>
          <dd>{results.commitment}</dd>
        </div>
      </dl>
      {check.ok ? (
        <p className={styles.ok} role="status">
          <span aria-hidden="true">✓</span> Draw verified: all {check.events} events of the stored log follow
          from the seed, which matches its commitment: the {check.balls} balls in the order they were called,
          the prize ball {results.prizeBall}, the pot x{results.potMultiplier} and every lucky-fate card.
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
        Checked in your browser with the game engine&apos;s verifyGame, on the log anyone can fetch from{' '}
        <a href={`/api/games/${results.gameUuid}/events`} target="_blank" rel="noreferrer">
          /api/games/{results.gameUuid.slice(0, 8)}…/events
        </a>
        : SHA-256 of the seed, then the draw derived from it (HMAC-SHA256 over a counter, in a Fisher-Yates
        shuffle).
      </p>
    </div>
  );
}
