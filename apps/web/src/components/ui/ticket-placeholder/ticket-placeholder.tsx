import styles from './ticket-placeholder.module.css';

/** Where a few numbers sit on the empty ticket, so it reads as a 90-ball ticket at a glance. */
const hints: Record<number, string> = { 1: '?', 13: '?', 21: '?' };

/** An empty 90-ball ticket (3 rows x 9 columns) shown while a real one is not yet dealt. */
export function TicketPlaceholder({ label = 'Your ticket' }: { label?: string }) {
  return (
    <div className={styles.ticket} role="img" aria-label={`${label}: not dealt yet`}>
      <div className={styles.head}>
        <span>{label}</span>
        <span className={styles.serial}>90-ball</span>
      </div>
      <div className={styles.grid}>
        {Array.from({ length: 27 }, (_, i) => (
          <span key={i} className={hints[i] ? styles.hint : styles.cell}>
            {hints[i]}
          </span>
        ))}
      </div>
    </div>
  );
}
