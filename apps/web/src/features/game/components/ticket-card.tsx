import type { PrizeName } from '@ruthless/game';
import { prizeLabel } from '../utils/labels';
import styles from './ticket-card.module.css';

export interface TicketCardProps {
  grid: (number | null)[][];
  called: ReadonlySet<number>;
  lastBall: number | null;
  prizeBall: number | null;
  currentPrize: PrizeName | null;
  ticketIndex?: number;
}

const rowsNeeded: Record<PrizeName, number> = { 'one-line': 1, 'two-lines': 2, 'full-house': 3 };

/** Numbers left to complete `prize`: the fewest over the rows it needs. */
export function numbersToGo(
  grid: (number | null)[][],
  called: ReadonlySet<number>,
  prize: PrizeName,
): number {
  const left = grid
    .map((row) => row.filter((n) => n !== null && !called.has(n)).length)
    .sort((a, b) => a - b);
  return left.slice(0, rowsNeeded[prize]).reduce((sum, n) => sum + n, 0);
}

/**
 * The player's 90-ball ticket, daubed automatically: a called number gets a dauber splash
 * and a tick, not just a colour; the ball just called pops in.
 */
export function TicketCard({
  grid,
  called,
  lastBall,
  prizeBall,
  currentPrize,
  ticketIndex,
}: TicketCardProps) {
  const togo = currentPrize ? numbersToGo(grid, called, currentPrize) : null;
  const marked = grid.flat().filter((n) => n !== null && called.has(n)).length;
  return (
    <section className={styles.ticket} aria-label={`Your ticket: ${marked} of 15 numbers marked`}>
      <header className={styles.head}>
        <span>Your ticket{ticketIndex !== undefined ? <small> #{ticketIndex + 1}</small> : null}</span>
        {togo !== null && currentPrize && (
          <span className={[styles.togo, togo <= 2 ? styles.hot : ''].join(' ')}>
            {togo === 0 ? `${prizeLabel[currentPrize]}!` : `${togo} to go · ${prizeLabel[currentPrize]}`}
          </span>
        )}
      </header>
      <div className={styles.grid} role="table" aria-label="Ticket numbers">
        {grid.map((row, r) => (
          <div key={r} role="row" className={styles.row}>
            {row.map((n, c) => {
              if (n === null) return <span key={c} role="cell" className={styles.blank} aria-label="blank" />;
              const isMarked = called.has(n);
              return (
                <span
                  key={c}
                  role="cell"
                  aria-label={isMarked ? `${n}, marked` : String(n)}
                  data-marked={isMarked || undefined}
                  className={[
                    styles.cell,
                    isMarked ? styles.marked : '',
                    isMarked && n === lastBall ? styles.fresh : '',
                  ].join(' ')}
                >
                  {isMarked && <span className={styles.dab} aria-hidden="true" />}
                  <span className={styles.num}>{n}</span>
                  {isMarked && (
                    <svg className={styles.tick} viewBox="0 0 12 12" aria-hidden="true">
                      <path d="M2.5 6.5l2.3 2.3 4.7-5" />
                    </svg>
                  )}
                  {n === prizeBall && (
                    <span className={styles.star} aria-hidden="true">
                      ★
                    </span>
                  )}
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
