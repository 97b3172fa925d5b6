import { useId } from 'react';
import styles from './logo.module.css';

export interface LogoProps {
  className?: string;
  /** 'hero' glows and shimmers; 'compact' is the bottom bar's quiet version. */
  variant?: 'hero' | 'compact';
}

/**
 * The RUTHLESS wordmark: gold letters on an arc with a dark outline, a shimmer that crosses them
 * and a glow, like a studio sign. Drawn inline so it uses the display font the page has loaded.
 *
 * Two stacked drawings, so the animation never repaints the expensive one: the face (outline,
 * gold, its drop-shadow) is painted once; the shimmer and sparkles move in a light overlay with no
 * filter, and the glow is a layer of its own that only changes opacity (the compositor's work).
 * An animated filter repainted the whole blurred logo every frame (docs/web-quality.md).
 */
export function Logo({ className, variant = 'hero' }: LogoProps) {
  // useId may contain characters that break url(#…) references.
  const uid = `logo${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const id = (name: string) => `${uid}-${name}`;
  const word = (arc: string) => (
    <textPath href={`#${id(arc)}`} startOffset="50%" textAnchor="middle">
      RUTHLESS
    </textPath>
  );
  const arc = (name: string) => <path id={id(name)} d="M 24 158 Q 300 58 576 158" />;

  return (
    <span className={[styles.logo, styles[variant], className].filter(Boolean).join(' ')}>
      <svg viewBox="0 0 600 190" role="img" aria-label="Ruthless" className={styles.face}>
        <defs>
          {arc('arc')}
          <linearGradient id={id('gold')} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fffbe0" />
            <stop offset="0.3" stopColor="#ffe27a" />
            <stop offset="0.55" stopColor="#ffbf1f" />
            <stop offset="0.8" stopColor="#e88a0c" />
            <stop offset="1" stopColor="#b85a06" />
          </linearGradient>
        </defs>

        {/* Extruded shadow, outline, then the gold face. */}
        <g transform="translate(0 9)">
          <text
            className={styles.word}
            fill="#2a0d00"
            stroke="#2a0d00"
            strokeWidth="16"
            strokeLinejoin="round"
          >
            {word('arc')}
          </text>
        </g>
        <text className={styles.word} fill="#5a2400" stroke="#4a1c00" strokeWidth="16" strokeLinejoin="round">
          {word('arc')}
        </text>
        <text
          className={styles.word}
          fill={`url(#${id('gold')})`}
          stroke="#fff1b8"
          strokeWidth="2"
          strokeLinejoin="round"
        >
          {word('arc')}
        </text>
      </svg>

      <svg viewBox="0 0 600 190" aria-hidden="true" className={styles.overlay}>
        <defs>
          {arc('overlay-arc')}
          <linearGradient id={id('shine')} x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" stopColor="#fff" stopOpacity="0" />
            <stop offset="0.5" stopColor="#fff" stopOpacity="0.9" />
            <stop offset="1" stopColor="#fff" stopOpacity="0" />
          </linearGradient>
          <clipPath id={id('clip')}>
            <text className={styles.word}>{word('overlay-arc')}</text>
          </clipPath>
        </defs>
        <g clipPath={`url(#${id('clip')})`}>
          <rect
            className={styles.shine}
            x="-160"
            y="0"
            width="140"
            height="190"
            fill={`url(#${id('shine')})`}
          />
        </g>
        {variant === 'hero' && (
          <g className={styles.sparkles} fill="#fff8d6">
            <path d="M40 40 l5 14 l14 5 l-14 5 l-5 14 l-5 -14 l-14 -5 l14 -5z" />
            <path d="M556 30 l4 11 l11 4 l-11 4 l-4 11 l-4 -11 l-11 -4 l11 -4z" />
          </g>
        )}
      </svg>
    </span>
  );
}
