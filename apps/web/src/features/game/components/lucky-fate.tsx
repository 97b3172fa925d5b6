import type { LuckyFatePick } from '@ruthless/game';
import type { LiveView } from '@ruthless/protocol';
import { secondsLeft, useServerNow } from '@/hooks/use-server-now';
import styles from './lucky-fate.module.css';

export interface LuckyFateProps {
  view: LiveView;
  /** Null for spectators and preview. */
  canPick: boolean;
  pick: LuckyFatePick | null;
  sending: LuckyFatePick | null;
  onPick: (pick: LuckyFatePick) => void;
  delayMs: number;
}

const picks: LuckyFatePick[] = [0, 1, 2];

/**
 * The lucky-fate stage: three face-down cards (x1, x2 or x3 behind each), 15 seconds to pick
 * one; no pick means one is picked at random. The cards turn over at the reveal.
 */
export function LuckyFate({ view, canPick, pick, sending, onPick, delayMs }: LuckyFateProps) {
  const now = useServerNow(250);
  const opened = (view.times.luckyFateOpenedAt ?? now) + delayMs;
  const deadline = opened + view.timings.luckyFateMs;
  const left = secondsLeft(deadline, now);
  const share = Math.min(1, Math.max(0, (deadline - now) / Math.max(view.timings.luckyFateMs, 1)));
  const preGame = view.luckyFateMode === 'pre-game';
  const open = canPick && !preGame && pick === null && left > 0;
  return (
    <section className={styles.fate} aria-labelledby="lucky-fate-title">
      <h2 id="lucky-fate-title" className={styles.title}>
        Lucky Fate
      </h2>
      <p className={styles.lead}>
        {preGame
          ? pick !== null
            ? 'You picked your card when you claimed your ticket.'
            : 'Cards were picked when tickets were claimed.'
          : !canPick
            ? 'Players are picking their lucky-fate cards.'
            : pick !== null
              ? 'Card picked! It turns over at the reveal.'
              : 'Pick a card: x1, x2 or x3 on everything you win.'}
      </p>
      {!preGame && (
        <div className={styles.timer} role="timer" aria-label={`${left} seconds to pick`}>
          <span className={styles.bar} style={{ transform: `scaleX(${share})` }} />
          <span className={styles.secs}>{left}s</span>
        </div>
      )}
      <div className={styles.cards} role="group" aria-label="Lucky-fate cards">
        {picks.map((i) => {
          const chosen = pick === i || sending === i;
          return (
            <button
              key={i}
              type="button"
              className={[
                styles.card,
                chosen ? styles.chosen : '',
                pick !== null && !chosen ? styles.dim : '',
              ].join(' ')}
              style={{ animationDelay: `${i * 0.12}s` }}
              disabled={!open || sending !== null}
              aria-pressed={chosen}
              aria-label={`Card ${i + 1}${chosen ? ', your card' : ''}`}
              onClick={() => onPick(i)}
            >
              <span className={styles.back} aria-hidden="true">
                <span className={styles.q}>?</span>
              </span>
              {chosen && <span className={styles.mine}>{sending === i ? 'Picking…' : 'Your card'}</span>}
            </button>
          );
        })}
      </div>
      {!preGame && canPick && pick === null && left === 0 && (
        <p className={styles.lead}>Time! A card is picked for you at random.</p>
      )}
    </section>
  );
}
