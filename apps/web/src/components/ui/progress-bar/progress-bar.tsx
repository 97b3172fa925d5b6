import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  label?: string;
  className?: string;
}

/** Indeterminate progress: fills over 2 s, holds for 0.5 s, loops (docs/player-app.md, Constants). */
export function ProgressBar({ label = 'Loading', className }: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      className={[styles.track, className].filter(Boolean).join(' ')}
    >
      <div className={styles.fill} />
    </div>
  );
}
