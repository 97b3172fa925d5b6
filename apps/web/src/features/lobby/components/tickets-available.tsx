import styles from './tickets-available.module.css';

/** Tickets left of the game's total, with a meter that drains as players claim. */
export function TicketsAvailable({ available, max }: { available: number; max: number }) {
  const left = Math.max(0, available);
  const share = max > 0 ? Math.min(1, left / max) : 0;
  const low = left > 0 && share <= 0.2;
  return (
    <div className={styles.wrap}>
      <p className={styles.text} aria-live="polite" data-testid="tickets-available">
        {left === 0 ? (
          <strong className={styles.soldOut}>Sold out</strong>
        ) : (
          <>
            <strong className={low ? styles.low : undefined}>{left}</strong> of {max} tickets available
          </>
        )}
      </p>
      <span className={styles.meter} aria-hidden="true">
        <span className={styles.fill} style={{ width: `${share * 100}%` }} />
      </span>
    </div>
  );
}
