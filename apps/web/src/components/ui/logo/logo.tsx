import type { CSSProperties } from 'react';
import styles from './logo.module.css';
import faceUrl from '@/assets/logo/ruthless-face.webp?no-inline';

export interface LogoProps {
  className?: string;
  /** 'hero' glows and shimmers; 'compact' is the bottom bar's quiet version. */
  variant?: 'hero' | 'compact';
}

/** How long the first render waits for the face at most (a slow or stalled request). */
const DECODE_WAIT_MS = 1000;

/**
 * Decodes the face before the app's first render, so that render's paint draws it (an <img>
 * whose picture is already decoded shows at once; otherwise it paints a frame or more later, and
 * that later paint is the page's LCP). index.html preloads the file (vite/preload-first-paint.ts).
 */
export function decodeLogo(): Promise<void> {
  const image = new Image();
  image.src = faceUrl;
  return Promise.race([
    image.decode().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, DECODE_WAIT_MS)),
  ]);
}

/**
 * The RUTHLESS wordmark, like a studio sign. Its face is a picture of outlined letters, a WebP
 * (scripts/make-wordmark.mjs), so the first screen's largest paint never waits for the font
 * (docs/web-quality.md); shimmer and glow move in layers of their own and never repaint it.
 */
export function Logo({ className, variant = 'hero' }: LogoProps) {
  return (
    <span className={[styles.logo, styles[variant], className].filter(Boolean).join(' ')}>
      <img className={styles.face} src={faceUrl} alt="Ruthless" width={600} height={190} />

      <span
        className={styles.shimmer}
        style={{ '--logo-face': `url(${faceUrl})` } as CSSProperties}
        aria-hidden="true"
      >
        <span className={styles.shine} />
      </span>
      {variant === 'hero' && (
        <svg viewBox="0 0 600 190" aria-hidden="true" className={styles.overlay}>
          <g className={styles.sparkles} fill="#fff8d6">
            <path d="M40 40 l5 14 l14 5 l-14 5 l-5 14 l-5 -14 l-14 -5 l14 -5z" />
            <path d="M556 30 l4 11 l11 4 l-11 4 l-4 11 l-4 -11 l-11 -4 l11 -4z" />
          </g>
        </svg>
      )}
    </span>
  );
}
