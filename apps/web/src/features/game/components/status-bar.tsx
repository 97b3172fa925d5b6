import type { LiveView } from '@ruthless/protocol';
import { money, prizeLabel } from '../utils/labels';
import styles from './status-bar.module.css';

/** Balls called, players, the prize being played for and the pot, in en-GB pounds. */
export function StatusBar({ view }: { view: LiveView }) {
  const s = view.statusBarData;
  return (
    <dl className={styles.bar} aria-label="Show status">
      <div>
        <dt>Balls</dt>
        <dd>
          <span key={s.ballsCalled} className={styles.bump}>
            {s.ballsCalled}
          </span>
          <small>/90</small>
        </dd>
      </div>
      <div>
        <dt>Players</dt>
        <dd>{s.players}</dd>
      </div>
      <div className={styles.prize}>
        <dt>{s.currentPrize ? prizeLabel[s.currentPrize] : 'Prize'}</dt>
        <dd>{s.currentPrizePence === null ? '–' : money(s.currentPrizePence)}</dd>
      </div>
      <div className={styles.pot}>
        <dt>Pot{view.reels && view.reels.potMultiplier > 1 ? ` x${view.reels.potMultiplier}` : ''}</dt>
        <dd>{money(s.pot)}</dd>
      </div>
    </dl>
  );
}
