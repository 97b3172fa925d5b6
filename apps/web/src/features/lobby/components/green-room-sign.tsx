import type { CountdownValue } from '../hooks/use-countdown';
import styles from './green-room-sign.module.css';

const pad = (value: number) => String(value).padStart(2, '0');

/** "m:ss" (or "h:mm:ss") left to the start. */
export function shortCountdown(value: CountdownValue): string {
  const hours = value.totalDays * 24 + value.hours;
  return hours > 0
    ? `${hours}:${pad(value.minutes)}:${pad(value.seconds)}`
    : `${value.minutes}:${pad(value.seconds)}`;
}

/**
 * The green room is open: players gather before the reels, and tickets can still be claimed
 * until the start (docs/live-show.md).
 */
export function GreenRoomSign({ value }: { value: CountdownValue }) {
  return (
    <p className={styles.sign} role="status">
      <span className={styles.lamp} aria-hidden="true" />
      Green room open · starts in <time className={styles.left}>{shortCountdown(value)}</time>
    </p>
  );
}
