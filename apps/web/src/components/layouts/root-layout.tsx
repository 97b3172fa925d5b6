import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation, useSearchParams } from 'react-router';
import { useClientStore, type BackgroundTheme } from '@/stores/client-store';
import { RotateDevice } from './rotate-device';
import styles from './root-layout.module.css';

/** Browser chrome colour per theme, matching the deep end of each gradient. */
const themeColor: Record<BackgroundTheme, string> = {
  DEFAULT: '#0a1552',
  RED: '#4a0620',
  GOLD: '#4a2603',
  GREEN: '#04331d',
};

/**
 * Wraps every screen: applies the theme as CSS variables on the root element, reads the preview
 * flag, and swaps the app for 'Rotate your device' on phones held sideways.
 */
export function RootLayout() {
  const theme = useClientStore((state) => state.backgroundTheme);
  const setPreview = useClientStore((state) => state.setPreview);
  const [searchParams] = useSearchParams();
  const isPreview = searchParams.get('preview') === '1';
  const navigation = useNavigation();

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor[theme]);
  }, [theme]);

  useEffect(() => {
    setPreview(isPreview);
  }, [isPreview, setPreview]);

  return (
    <>
      {navigation.state === 'loading' && (
        <div className={styles.navigating} role="progressbar" aria-label="Loading" />
      )}
      <div className={styles.app}>
        <Outlet />
      </div>
      <RotateDevice className={styles.rotate} />
      <ScrollRestoration />
    </>
  );
}
