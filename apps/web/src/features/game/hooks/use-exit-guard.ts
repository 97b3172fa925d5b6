import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving the live game asks first: any move away inside the app (the bottom bar's logo, the
 * menu, the back button) is held for the exit-confirmation modal; closing or reloading the tab
 * gets the browser's own prompt.
 */
export function useExitGuard(enabled: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => enabled && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!enabled) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers still want a return value to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [enabled]);

  return blocker;
}
