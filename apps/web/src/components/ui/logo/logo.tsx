import type { CSSProperties } from 'react';
import styles from './logo.module.css';
import faceUrl from '@/assets/logo/ruthless-face.svg?no-inline';

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
 * The RUTHLESS wordmark: gold letters on an arc with a dark outline, a shimmer that crosses them
 * and a glow, like a studio sign.
 *
 * The face is a picture whose letters are outlines (scripts/make-wordmark.mjs), not text in the
 * display font: drawn with the first paint, the logo is the loading screen's largest paint at once,
 * not again when the font has been decoded, which held every first screen's LCP back
 * (docs/web-quality.md). A file rather than markup keeps its 4 kB out of every screen's script.
 *
 * Two stacked drawings, so the animation never repaints the expensive one: the face (outline,
 * gold, its drop-shadow) is painted once; the shimmer (a band masked by the face) and sparkles
 * move in a light overlay with no filter, and the glow is a layer of its own that only changes
 * opacity (the compositor's work).
 * An animated filter repainted the whole blurred logo every frame.
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
