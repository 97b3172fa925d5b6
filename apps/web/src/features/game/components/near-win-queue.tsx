import type { PrizeName } from '@ruthless/game';
import type { LiveView } from '@ruthless/protocol';
import { nameOf, prizeLabel } from '../utils/labels';
import styles from './near-win-queue.module.css';

const SHOWN = 6;

/** The tickets closest to the current prize: names with '1 to go' or '2 to go'. */
export function NearWinQueue({
  queue,
  names,
  me,
  prize,
}: {
  queue: LiveView['bingoTicketQueue'];
  names: Record<string, string>;
  me: string | null;
  prize: PrizeName | null;
}) {
  if (!prize) return null;
  const shown = queue.slice(0, SHOWN);
  return (
    <section className={styles.queue} aria-labelledby="near-win-title">
      <h2 id="near-win-title" className={styles.title}>
        Close to {prizeLabel[prize]}
      </h2>
      {shown.length === 0 ? (
        <p className={styles.empty}>Nobody is close yet. Eyes down!</p>
      ) : (
        <ul className={styles.list}>
          {shown.map((entry) => (
            <li
              key={entry.ticketIndex}
              className={[styles.entry, entry.togo === 1 ? styles.one : styles.two].join(' ')}
              data-me={entry.playerId === me || undefined}
            >
              <span className={styles.badge} aria-hidden="true">
                {entry.togo}
              </span>
              <span className={styles.name}>{nameOf(names, entry.playerId, me)}</span>
              <span className={styles.togo}>{entry.togo} to go</span>
            </li>
          ))}
          {queue.length > SHOWN && <li className={styles.more}>+{queue.length - SHOWN} more</li>}
        </ul>
      )}
    </section>
  );
}
