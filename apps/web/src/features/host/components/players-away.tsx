import { toast } from '@/lib/toast';
import { exportMarketingCsv } from '../api/export-marketing-csv';
import { useBreakCounts } from '../api/get-break-counts';
import styles from './players-away.module.css';

/**
 * How many players are away from play now (a count only: the console never names them), and
 * the export of the players who agreed to marketing.
 */
export function PlayersAway() {
  const counts = useBreakCounts();
  const exportCsv = () =>
    exportMarketingCsv().catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : String(error)),
    );
  return (
    <>
      {counts.data && (
        <p className={styles.away} data-testid="players-away" aria-label="Players away from play">
          {counts.data.onBreak} on a break · {counts.data.selfExcluded} self-excluded
        </p>
      )}
      <button type="button" className={styles.export} onClick={() => void exportCsv()}>
        Marketing list (CSV)
      </button>
    </>
  );
}
