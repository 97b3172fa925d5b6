import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Diameter in pixels (docs/player-app.md: default 36). */
  size?: number;
  /** Read by screen readers; the spinner itself is decorative when the caller shows its own text. */
  label?: string;
  className?: string;
}

/** A white rotating circle. */
export function Spinner({ size = 36, label = 'Loading', className }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      className={[styles.spinner, className].filter(Boolean).join(' ')}
      style={{ width: size, height: size, borderWidth: Math.max(2, Math.round(size / 9)) }}
    />
  );
}
