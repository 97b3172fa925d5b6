import styles from './marquee-lights.module.css';

const topBulbs = 13;
const sideBulbs = 9;
const PHASES = [0, 1, 2] as const;

/** A strip's bulbs of one phase (every third one); the others keep their place unseen. */
function Bulbs({ count, phase, className }: { count: number; phase: number; className?: string }) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={i % 3 === phase ? styles.bulb : styles.gap} />
      ))}
    </div>
  );
}

/**
 * Studio marquee bulbs chasing along the top and sides of the game screen (decorative). The bulbs
 * lit together are drawn in one layer of their own, and each of the three layers fades in turn:
 * three animations, not one per bulb, so a budget phone's main thread is not woken for 31 of them
 * (docs/web-quality.md, Tenth pass).
 */
export function MarqueeLights() {
  return (
    <div className={styles.lights} aria-hidden="true">
      {PHASES.map((phase) => (
        <div key={phase} className={styles.phase} style={{ animationDelay: `${phase * 0.35}s` }}>
          <Bulbs count={topBulbs} phase={phase} className={styles.top} />
          <Bulbs count={sideBulbs} phase={phase} className={styles.left} />
          <Bulbs count={sideBulbs} phase={phase} className={styles.right} />
        </div>
      ))}
    </div>
  );
}
