import { Link } from 'react-router';
import { UserIcon } from '@/components/ui/icons';
import styles from './alias-badge.module.css';

/** Top right on non-game signed-in screens: the player's alias, opening /profile (docs/player-app.md, Screens). */
export function AliasBadge({ alias }: { alias: string }) {
  return (
    <Link to="/profile" className={styles.badge} aria-label={`Your profile: ${alias}`}>
      <UserIcon className={styles.icon} />
      <span className={styles.alias}>{alias}</span>
    </Link>
  );
}
