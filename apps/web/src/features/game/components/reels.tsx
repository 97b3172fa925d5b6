import type { LiveView } from '@ruthless/protocol';
import { useServerNow } from '@/hooks/use-server-now';
import { money } from '../utils/labels';
import { reelStopsAt } from '../utils/reels-landing';
import { Ball } from './ball';
import styles from './reels.module.css';

const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const multipliers = ['x1', 'x2', 'x3'];

function Reel({
  symbols,
  value,
  stopped,
  label,
}: {
  symbols: string[];
  value: string;
  stopped: boolean;
  label: string;
}) {
  return (
    <div className={styles.window}>
      <span className={styles.reelLabel}>{label}</span>
      <div className={styles.reel} aria-hidden="true">
        {stopped ? (
          <span className={[styles.symbol, styles.landed].join(' ')}>{value}</span>
        ) : (
          <div className={styles.strip}>
            {[...symbols, ...symbols].map((s, i) => (
              <span key={i} className={styles.symbol}>
                {s}
              </span>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The start of the show: three reels spin and stop, one after another, on the prize ball (its
 * two digits) and the pot multiplier.
 */
export function Reels({ view, delayMs }: { view: LiveView; delayMs: number }) {
  const now = useServerNow(100);
  const reels = view.reels;
  if (!reels) return null;
  const spinning = view.stage === 'reels';
  // The third reel, the pot's, stops last, for the drama.
  const stopped = [0, 1, 2].map(
    (index) => !spinning || now >= (reelStopsAt(view, delayMs, index) ?? Infinity),
  );
  const ball = String(reels.prizeBall).padStart(2, '0');
  const done = stopped.every(Boolean);
  return (
    <section className={styles.reels} aria-labelledby="reels-title">
      <h2 id="reels-title" className={styles.title}>
        {done ? 'The reels have spoken!' : 'Spin the reels!'}
      </h2>
      <div className={styles.machine}>
        <Reel symbols={digits} value={ball[0]!} stopped={stopped[0]!} label="Prize" />
        <Reel symbols={digits} value={ball[1]!} stopped={stopped[1]!} label="ball" />
        <Reel symbols={multipliers} value={`x${reels.potMultiplier}`} stopped={stopped[2]!} label="Pot" />
      </div>
      <p className={styles.result} aria-live="polite">
        {done ? (
          <>
            <Ball number={reels.prizeBall} size="md" isPrizeBall />
            <span>
              Prize ball <strong>{reels.prizeBall}</strong> doubles any prize won on it. Pot{' '}
              <strong>x{reels.potMultiplier}</strong>: {money(view.statusBarData.pot)}!
            </span>
          </>
        ) : (
          <span className={styles.spinning}>Spinning…</span>
        )}
      </p>
    </section>
  );
}
