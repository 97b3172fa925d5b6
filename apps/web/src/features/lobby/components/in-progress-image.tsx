import styles from './in-progress-image.module.css';

/** The lobby's in-progress image: an ON AIR sign lit up while the show runs. */
export function InProgressImage() {
  return (
    <div className={styles.sign} role="img" aria-label="Game in progress">
      <svg className={styles.svg} viewBox="0 0 220 56" aria-hidden="true">
        <defs>
          <linearGradient id="on-air-face" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#ff6b8e" />
            <stop offset="1" stopColor="#b0103f" />
          </linearGradient>
        </defs>
        <rect x="3" y="3" width="214" height="50" rx="12" fill="#1a0510" stroke="#ff2e63" strokeWidth="3" />
        <rect x="10" y="10" width="200" height="36" rx="8" fill="url(#on-air-face)" />
        <circle className={styles.lamp} cx="34" cy="28" r="8" fill="#fff3c4" />
        <text
          x="124"
          y="37"
          textAnchor="middle"
          fontFamily="'Luckiest Guy', 'Arial Black', sans-serif"
          fontSize="26"
          letterSpacing="3"
          fill="#ffffff"
        >
          ON AIR
        </text>
      </svg>
    </div>
  );
}
