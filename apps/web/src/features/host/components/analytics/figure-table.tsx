import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import styles from './analytics.module.css';

export type Cell = string | number;

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
function csvField(value: Cell): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Saves the table as a CSV file (the same download as the marketing-consent export). */
function downloadCsv(fileName: string, columns: string[], rows: Cell[][]) {
  const text = [columns, ...rows].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A panel of the analytics: a title, an optional chart, and its numbers as a table (what a
 * screen reader reads, and what the CSV holds).
 */
export function FigurePanel({
  title,
  chart,
  columns,
  rows,
  fileName,
  empty = 'Nothing recorded.',
}: {
  title: string;
  chart?: ReactNode;
  columns: string[];
  rows: Cell[][];
  fileName: string;
  empty?: string;
}) {
  const id = `figure-${fileName.replace(/\W+/g, '-')}`;
  return (
    <section className={styles.figure} aria-labelledby={id}>
      <header className={styles.figureHead}>
        <h2 id={id} className={styles.figureTitle}>
          {title}
        </h2>
        <Button
          variant="glass"
          size="sm"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(fileName, columns, rows)}
          aria-label={`Export ${title} as CSV`}
        >
          CSV
        </Button>
      </header>
      {rows.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <>
          {chart}
          {/* A box that scrolls is reached by keyboard too: focusable, and named for a screen reader. */}
          <div className={styles.tableBox} tabIndex={0} role="region" aria-label={`${title}: table`}>
            <table className={styles.table}>
              <caption className={styles.caption}>{title}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) => (
                      <td key={column}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** Horizontal bars for a few categories (the final's choices, the time to each win). */
export function BarList({ bars }: { bars: { label: string; value: number; tone: string }[] }) {
  const top = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <div className={styles.barList} aria-hidden="true">
      {bars.map((bar) => (
        <div key={bar.label} className={styles.barRow}>
          <span className={styles.barLabel}>{bar.label}</span>
          <span className={styles.barTrack}>
            <span
              className={styles.bar}
              data-tone={bar.tone}
              style={{ width: `${(bar.value / top) * 100}%` }}
            />
          </span>
          <span className={styles.barValue}>{bar.value}</span>
        </div>
      ))}
    </div>
  );
}

/** A headline number. */
export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statValue}>{value}</span>
      <span className={styles.statLabel}>{label}</span>
    </div>
  );
}
