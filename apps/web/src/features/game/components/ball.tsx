import { ballTone } from '../utils/labels';
import styles from './ball.module.css';

export interface BallProps {
  number: number;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The game's prize ball: a star on it (prizes won on it are doubled). */
  isPrizeBall?: boolean;
  className?: string;
}

/** A glossy bingo ball: coloured by tens, the number always printed on its white face. */
export function Ball({ number, size = 'md', isPrizeBall = false, className }: BallProps) {
  return (
    <span
      className={[styles.ball, styles[size], styles[ballTone(number)], className].filter(Boolean).join(' ')}
      aria-hidden="true"
    >
      <span className={styles.face}>{number}</span>
      {isPrizeBall && <span className={styles.star}>★</span>}
    </span>
  );
}
