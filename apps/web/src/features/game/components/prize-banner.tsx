import { useEffect, useRef } from 'react';
import type { LiveView } from '@ruthless/protocol';
import { useServerNow } from '@/hooks/use-server-now';
import { playSfx } from '../utils/game-audio';
import { money, nameOf, prizeLabel } from '../utils/labels';
import styles from './prize-banner.module.css';

const SHOWN_MS = 4_500;

/** A prize won: a full-width banner with the winners and the prize, and a fanfare. */
export function PrizeBanner({
  view,
  me,
  delayMs,
  sound,
}: {
  view: LiveView;
  me: string | null;
  delayMs: number;
  sound: boolean;
}) {
  const now = useServerNow(250);
  const latest = view.awards[view.awards.length - 1];
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    const keys = view.awards.map((a) => a.prize);
    // What was already won when the screen opened is history, not news.
    if (seen.current === null) {
      seen.current = new Set(keys);
      return;
    }
    for (const key of keys) {
      if (!seen.current.has(key)) {
        seen.current.add(key);
        if (sound) playSfx('win', 0.8);
      }
    }
  }, [view.awards, sound]);

  if (!latest) return null;
  const age = now - (latest.at + delayMs);
  if (age < 0 || age > SHOWN_MS) return null;
  const winners = latest.winners.map((w) => nameOf(view.names, w.playerId, me));
  const iWon = me !== null && latest.winners.some((w) => w.playerId === me);
  const amount =
    latest.prize === 'full-house' ? (view.final?.potPence ?? latest.amountPence) : latest.amountPence;
  return (
    // Once the final is on, the banner is a ribbon over the studio: the pot and the counter stay
    // in sight for the seconds the finalists have.
    <div
      className={[styles.overlay, view.stage === 'ruthless' ? styles.ribbon : ''].join(' ')}
      role="alert"
      key={latest.prize}
      data-testid="prize-banner"
    >
      {view.stage !== 'ruthless' && <div className={styles.rays} aria-hidden="true" />}
      <div className={styles.banner}>
        <p className={styles.kicker}>{iWon ? 'You won!' : 'We have a winner'}</p>
        <p className={styles.prize}>{prizeLabel[latest.prize]}!</p>
        <p className={styles.names}>{winners.join(', ')}</p>
        <p className={styles.amount}>
          {latest.prize === 'full-house' && view.final
            ? `Pot ${money(amount)}: on to the final!`
            : money(amount)}
          {latest.onPrizeBall && <span className={styles.doubled}>★ Prize ball: doubled!</span>}
        </p>
      </div>
      <div className={styles.confetti} aria-hidden="true">
        {Array.from({ length: 18 }, (_, i) => (
          <span key={i} style={{ left: `${(i * 37) % 100}%`, animationDelay: `${(i % 6) * 0.12}s` }} />
        ))}
      </div>
    </div>
  );
}
