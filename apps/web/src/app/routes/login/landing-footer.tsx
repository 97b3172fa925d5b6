import { Link } from 'react-router';
import styles from './login.module.css';

/** Where the powered-by line points: who makes the show, on this page (not the API's reference). */
const poweredBy = { label: 'Ruthless Live', href: '#who-title' };

const badges = [
  { src: '/logos/18-plus.svg', alt: '18+ only' },
  { src: '/logos/play-responsibly.svg', alt: 'Play responsibly' },
  { src: '/logos/free-play.svg', alt: 'Free play, no real prizes' },
];

/** Copyright, powered-by, privacy policy and the three responsible-play badges. */
export function LandingFooter() {
  return (
    <footer className={styles.footer}>
      <ul className={styles.badges}>
        {badges.map((badge) => (
          <li key={badge.src}>
            <img src={badge.src} alt={badge.alt} width={72} height={72} loading="lazy" />
          </li>
        ))}
      </ul>
      <nav className={styles.footerLinks} aria-label="Legal">
        <Link to="/how-to-play">How to play</Link>
        <span aria-hidden="true">·</span>
        <Link to="/login?privacy-policy=1">Privacy Policy</Link>
        <span aria-hidden="true">·</span>
        <span>
          Powered by <a href={poweredBy.href}>{poweredBy.label}</a>
        </span>
      </nav>
      <p className={styles.copyright}>© 2026 Ruthless. Free test shows for players aged 18 and over.</p>
    </footer>
  );
}
