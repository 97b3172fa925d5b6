import type { LiveView } from '@ruthless/protocol';
import { useServerNow } from '@/hooks/use-server-now';
import { money, prizeLabel } from '../utils/labels';
import { potReelLanded, shownPot } from '../utils/reels-landing';
import styles from './status-bar.module.css';

/**
 * Balls called, players, the prize being played for and the pot, in en-GB pounds. Compact: two
 * by two, beside the current ball during the draw.
 */
export function StatusBar({
  view,
  delayMs,
  compact = false,
}: {
  view: LiveView;
  delayMs: number;
  compact?: boolean;
}) {
  const s = view.statusBarData;
  return (
    <dl className={[styles.bar, compact ? styles.compact : ''].join(' ')} aria-label="Show status">
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
      {view.stage === 'reels' ? <SpinningPot view={view} delayMs={delayMs} /> : <Pot view={view} landed />}
    </dl>
  );
}

function Pot({ view, landed }: { view: LiveView; landed: boolean }) {
  const { pot, multiplier } = shownPot(view, landed);
  return (
    <div className={styles.pot} data-testid="status-pot">
      <dt>Pot{multiplier > 1 ? ` x${multiplier}` : ''}</dt>
      <dd>{money(pot)}</dd>
    </div>
  );
}

/** While the reels spin the pot stays x1: the multiplier shows when its reel lands. */
function SpinningPot({ view, delayMs }: { view: LiveView; delayMs: number }) {
  const now = useServerNow(100);
  return <Pot view={view} landed={potReelLanded(view, delayMs, now)} />;
}
