import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { HelpIcon, KeyIcon, LobbyIcon, LogoutIcon, SoundIcon, UserIcon } from '@/components/ui/icons';
import { useHostAccess } from '@/hooks/use-host-access';
import { toggleMuted, useMuted } from '@/lib/sound';
import { useLogOut } from '@/hooks/use-log-out';
import { useClientStore } from '@/stores/client-store';
import { navigationDrawerId } from './bottom-bar';
import styles from './navigation-drawer.module.css';

/** The menu behind the bottom bar's button: Games Lobby, Profile, How to play, Toggle Sound, Logout. */
export function NavigationDrawer() {
  const isOpen = useClientStore((state) => state.isNavigationDrawerOpen);
  const setOpen = useClientStore((state) => state.setNavigationDrawerOpen);
  const firstItem = useRef<HTMLAnchorElement>(null);
  // Hosts (and listed addresses still to prove their mailbox) find the console here.
  const hostAccess = useHostAccess();

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
            <NavLink to="/how-to-play" className={linkClass}>
              <HelpIcon className={styles.icon} />
              How to play
            </NavLink>
          </li>
          {hostAccess && (
            <li>
              <NavLink to="/host" className={linkClass}>
                <KeyIcon className={styles.icon} />
                Host console
              </NavLink>
            </li>
          )}
          <li>
            <ToggleSoundItem
              className={styles.item}
              badgeClassName={styles.soon}
              iconClassName={styles.icon}
            />
          </li>
          <li>
            <LogoutItem className={[styles.item, styles.danger].join(' ')} iconClassName={styles.icon} />
          </li>
        </ul>
      </div>
    </div>
  );
}

/** The menu's 'Toggle Sound': mutes or unmutes every sound, remembered as `isMuted` (docs/player-app.md (Start-up gate)). */
function ToggleSoundItem(props: { className?: string; badgeClassName?: string; iconClassName?: string }) {
  const muted = useMuted();
  return (
    <button type="button" className={props.className} aria-pressed={!muted} onClick={() => toggleMuted()}>
      <SoundIcon className={props.iconClassName} />
      Toggle Sound
      <span className={props.badgeClassName}>{muted ? 'Off' : 'On'}</span>
    </button>
  );
}

/** The menu's 'Logout': ends the session, then the login page. */
function LogoutItem(props: { className?: string; iconClassName?: string }) {
  const { logOut, isSigningOut } = useLogOut();
  return (
    <button type="button" className={props.className} onClick={() => void logOut()} disabled={isSigningOut}>
      <LogoutIcon className={props.iconClassName} />
      Logout
    </button>
  );
}
