import { Link } from 'react-router';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { useClientStore } from '@/stores/client-store';
import round from '@/components/ui/round-button/round-button.module.css';
import styles from './bottom-bar.module.css';

export const navigationDrawerId = 'navigation-drawer';

/** Logo home, the chat toggle during a game (put in the slot by the game screen), and the menu. */
export function BottomBar({ isGame }: { isGame: boolean }) {
  const isOpen = useClientStore((state) => state.isNavigationDrawerOpen);
  const toggle = useClientStore((state) => state.toggleNavigationDrawer);
  const setFooterSlot = useClientStore((state) => state.setFooterSlot);

  return (
    <nav className={styles.bar} aria-label="Main">
      <div className={styles.inner}>
        {/* In a game the logo will ask for exit confirmation first (the game issue wires it). */}
        <Link to="/" className={styles.home} aria-label="Games Lobby">
          <Logo variant="compact" className={styles.logo} />
        </Link>
        <div className={styles.actions}>
          {/* The game screen puts its chat button here. */}
          {isGame && <span ref={setFooterSlot} className={styles.slot} />}
          <button
            type="button"
            className={[round.round, styles.menu].join(' ')}
            aria-label={isOpen ? 'Close menu' : 'Menu'}
            aria-expanded={isOpen}
            aria-controls={navigationDrawerId}
            onClick={toggle}
          >
            {isOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </nav>
  );
}
