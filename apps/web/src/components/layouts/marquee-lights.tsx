import styles from './marquee-lights.module.css';

const topBulbs = 13;
const sideBulbs = 9;

function Bulbs({ count, className }: { count: number; className?: string }) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={styles.bulb} style={{ animationDelay: `${(i % 3) * 0.35}s` }} />
      ))}
    </div>
  );
}

/** Studio marquee bulbs chasing along the top and sides of the game screen (decorative). */
export function MarqueeLights() {
  return (
    <div className={styles.lights} aria-hidden="true">
      <Bulbs count={topBulbs} className={styles.top} />
      <Bulbs count={sideBulbs} className={styles.left} />
      <Bulbs count={sideBulbs} className={styles.right} />
    </div>
  );
}
