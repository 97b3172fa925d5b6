import styles from './called-board.module.css';

const numbers = Array.from({ length: 90 }, (_, i) => i + 1);

/**
 * The caller's board, 1 to 90: called numbers are lit and ringed, the last one pulses, the prize
 * ball wears a star. Screen readers get the called numbers in order instead of 90 cells.
 */
export function CalledBoard({ balls, prizeBall }: { balls: readonly number[]; prizeBall: number | null }) {
  const called = new Set(balls);
  const last = balls[balls.length - 1] ?? null;
  return (
    <section className={styles.board} aria-labelledby="called-board-title">
      <h2 id="called-board-title" className={styles.title}>
        Called numbers <span>{balls.length}/90</span>
      </h2>
      <p className="visually-hidden">
        {balls.length === 0 ? 'No numbers called yet.' : `Called so far, in order: ${balls.join(', ')}.`}
      </p>
      <div className={styles.grid} aria-hidden="true">
        {numbers.map((n) => (
          <span
            key={n}
            data-called={called.has(n) || undefined}
            className={[
              styles.cell,
              called.has(n) ? styles.called : '',
              n === last ? styles.last : '',
              n === prizeBall ? styles.prize : '',
            ].join(' ')}
          >
            {n}
          </span>
        ))}
      </div>
    </section>
  );
}
