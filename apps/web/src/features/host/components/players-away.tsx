import { useBreakCounts } from '../api/get-break-counts';
import styles from './players-away.module.css';

/** How many players are away from play now (a count only: the console never names them). */
export function PlayersAway() {
  const counts = useBreakCounts();
  if (!counts.data) return null;
  const { onBreak, selfExcluded } = counts.data;
  return (
    <p className={styles.away} data-testid="players-away" aria-label="Players away from play">
      {onBreak} on a break · {selfExcluded} self-excluded
    </p>
  );
}
