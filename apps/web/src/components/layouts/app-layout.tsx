import { useEffect } from 'react';
import { Outlet, useLocation, useMatch } from 'react-router';
import { useClientStore } from '@/stores/client-store';
import { BottomBar } from './bottom-bar';
import { MarqueeLights } from './marquee-lights';
import { NavigationDrawer } from './navigation-drawer';
import styles from './app-layout.module.css';

/**
 * The signed-in frame: the centred column, the studio lights on game routes and the bottom bar
 * with its menu (both hidden in preview mode, where a host looks at the game screen alone).
 */
export function AppLayout() {
  const isPreview = useClientStore((state) => state.isPreview);
  const setDrawerOpen = useClientStore((state) => state.setNavigationDrawerOpen);
  const isGame = useMatch('/game/:id') !== null;
  const { pathname } = useLocation();

  // A new screen never opens with the menu still over it.
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname, setDrawerOpen]);

  return (
    <div className={[styles.shell, isPreview ? styles.preview : ''].join(' ')}>
      {isGame && <MarqueeLights />}
      <main className={styles.main}>
        <Outlet />
      </main>
      {!isPreview && (
        <>
          <BottomBar isGame={isGame} />
          <NavigationDrawer />
        </>
      )}
    </div>
  );
}
