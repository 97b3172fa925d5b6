import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { LobbyIcon, LogoutIcon, SoundIcon, UserIcon } from '@/components/ui/icons';
import { useClientStore } from '@/stores/client-store';
import { navigationDrawerId } from './bottom-bar';
import styles from './navigation-drawer.module.css';

/** The menu behind the bottom bar's button: Games Lobby, Profile, Toggle Sound, Logout. */
export function NavigationDrawer() {
  const isOpen = useClientStore((state) => state.isNavigationDrawerOpen);
  const setOpen = useClientStore((state) => state.setNavigationDrawerOpen);
  const firstItem = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    firstItem.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen, setOpen]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    [styles.item, isActive ? styles.active : ''].join(' ');

  return (
    <div className={[styles.root, isOpen ? styles.open : ''].join(' ')} inert={!isOpen}>
      <div className={styles.backdrop} onClick={() => setOpen(false)} aria-hidden="true" />
      <div id={navigationDrawerId} className={styles.sheet} role="dialog" aria-modal="true" aria-label="Menu">
        <p className={styles.heading}>Menu</p>
        <ul className={styles.list}>
          <li>
            <NavLink ref={firstItem} to="/" end className={linkClass}>
              <LobbyIcon className={styles.icon} />
              Games Lobby
            </NavLink>
          </li>
          <li>
            <NavLink to="/profile" className={linkClass}>
              <UserIcon className={styles.icon} />
              Profile
            </NavLink>
          </li>
          <li>
            {/* The sound issue wires this to the mute preference (localStorage isMuted). */}
            <button type="button" className={styles.item} disabled>
              <SoundIcon className={styles.icon} />
              Toggle Sound
              <span className={styles.soon}>Soon</span>
            </button>
          </li>
          <li>
            {/* The auth issue wires this to sign-out. */}
            <button type="button" className={[styles.item, styles.danger].join(' ')} disabled>
              <LogoutIcon className={styles.icon} />
              Logout
              <span className={styles.soon}>Soon</span>
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
