import { useState } from 'react';
import { Link } from 'react-router';
import type { GameResults, LiveView } from '@ruthless/protocol';
import { useResults } from '../api/get-results';
import { money, nameOf, outcomeHeadline, prizeLabel } from '../utils/labels';
import { ShareButton } from './share-button';
import { VerifyDraw } from './verify-draw';
import styles from './results.module.css';

/** The end of the show: every player's winnings, the prizes, and the link that checks the draw. */
export function Results({
  view,
  me,
  shownBalls,
}: {
  view: LiveView;
  me: string | null;
  shownBalls: readonly number[];
}) {
  const results = useResults(view.gameUuid, view.stage === 'ended');
  const [checking, setChecking] = useState(false);
  const data = results.data;
  return (
    <section className={styles.results} aria-labelledby="results-title">
      <h2 id="results-title" className={styles.title}>
        Winnings
      </h2>
      {results.isPending ? (
        <p className={styles.muted}>Counting the winnings…</p>
      ) : results.isError || !data ? (
        <p className={styles.muted}>The results are not available yet.</p>
      ) : (
        <>
          {me !== null && data.payouts.some((p) => p.playerId === me) && (
            <MyWinnings pence={data.payouts.find((p) => p.playerId === me)!.pence} />
          )}
          <ResultsSummary results={data} me={me} />
          <ShareButton results={data} me={me} />
          <a
            href="#verify"
            className={styles.link}
            aria-expanded={checking}
            onClick={(event) => {
              event.preventDefault();
              setChecking((open) => !open);
            }}
          >
            Check this draw
          </a>
          {checking && (
            <div id="verify">
              <VerifyDraw results={data} shownBalls={shownBalls} />
            </div>
          )}
          <Link className={styles.link} to={`/game/${view.gameUuid}/replay`}>
            Watch again
          </Link>
        </>
      )}
      <p className={styles.muted}>Free test event: no money moves.</p>
    </section>
  );
}

/**
 * What a show ended with: the outcome, every player's winnings (the player's own marked when
 * `me` is theirs) and the prizes on their balls. The show's results screen and its public page.
 */
export function ResultsSummary({ results, me }: { results: GameResults; me: string | null }) {
  return (
    <>
      <p className={styles.outcome}>{outcomeHeadline[results.outcome]}</p>
      <ul className={styles.payouts} aria-label="Every player's winnings">
        {[...results.payouts]
          .sort((a, b) => b.pence - a.pence)
          .map((p) => (
            <li key={p.playerId} className={p.playerId === me ? styles.me : ''} data-testid="payout">
              <span>{p.playerId === me ? `${p.name} (you)` : p.name}</span>
              <strong className={p.pence > 0 ? styles.won : ''}>{money(p.pence)}</strong>
            </li>
          ))}
      </ul>
      <ul className={styles.prizes} aria-label="Prizes won">
        {results.winners.map((w) => (
          <li key={w.prize}>
            <span className={styles.prizeName}>{prizeLabel[w.prize]}</span>
            <span>
              {w.tickets.map((t) => nameOf({ [t.playerId]: t.name }, t.playerId, me)).join(', ')} on ball{' '}
              {w.ball}
              {w.onPrizeBall ? ' ★ doubled' : ''}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function MyWinnings({ pence }: { pence: number }) {
  return pence > 0 ? (
    <p className={styles.hero}>
      <span>You won</span>
      <strong>{money(pence)}</strong>
    </p>
  ) : (
    <p className={styles.hero}>
      <span>No win this time</span>
      <strong className={styles.next}>See you at the next show!</strong>
    </p>
  );
}
