import type { CountdownValue } from '../hooks/use-countdown';
import styles from './countdown.module.css';

const pad = (value: number) => String(value).padStart(2, '0');

/** The countdown boxes: days, then hh:mm:ss, like a studio clock. */
export function Countdown({ value, size = 'md' }: { value: CountdownValue; size?: 'md' | 'lg' }) {
  const units = [
    { label: 'days', text: String(value.totalDays) },
    { label: 'hrs', text: pad(value.hours) },
    { label: 'min', text: pad(value.minutes) },
    { label: 'sec', text: pad(value.seconds) },
  ];
  const spoken = `${value.totalDays} days ${pad(value.hours)}:${pad(value.minutes)}:${pad(value.seconds)}`;
  return (
    <div
      className={[styles.countdown, styles[size]].join(' ')}
      role="timer"
      aria-label={`Starts in ${spoken}`}
    >
      {units.map((unit) => (
        <span key={unit.label} className={styles.unit} data-unit={unit.label}>
          <span className={styles.digits} aria-hidden="true">
            {unit.text}
          </span>
          <span className={styles.label} aria-hidden="true">
            {unit.label}
          </span>
        </span>
      ))}
    </div>
  );
}
