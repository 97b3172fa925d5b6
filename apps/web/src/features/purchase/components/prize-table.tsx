import type { Prizes } from '@ruthless/protocol';
import { formatCurrency } from '@/lib/currency';
import styles from './prize-table.module.css';

/** The game's prizes in pounds: one line, two lines, full house (with any rollover in it). */
export function PrizeTable({ prizes, rolloverPence = 0 }: { prizes: Prizes; rolloverPence?: number }) {
  const rows = [
    { label: 'One Line', value: prizes.oneLine },
    { label: 'Two Lines', value: prizes.twoLines },
    { label: 'Full House', value: prizes.fullHouse, top: true },
  ];
  return (
    <>
      <dl className={styles.table} aria-label="Prizes">
        {rows.map((row) => (
          <div key={row.label} className={[styles.row, row.top ? styles.top : ''].join(' ')}>
            <dt>{row.label}</dt>
            <dd>{formatCurrency(row.value)}</dd>
          </div>
        ))}
      </dl>
      {rolloverPence > 0 && (
        <p className={styles.rollover}>
          Includes {formatCurrency(rolloverPence)} rolled over from the last show
        </p>
      )}
    </>
  );
}
