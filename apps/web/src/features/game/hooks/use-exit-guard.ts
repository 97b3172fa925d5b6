import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useLocation, useNavigate, useNavigationType, type Location } from 'react-router';

/** The state of the history entry the guard puts in front of a page opened by a full load. */
const GUARD_STATE = { exitGuard: true } as const;
const onGuardEntry = (location: Location) =>
  (location.state as { exitGuard?: unknown } | null)?.exitGuard === true;

export interface ExitGuard {
  /** A move away is held: the exit-confirmation modal is up. */
  blocked: boolean;
  stay: () => void;
  /** Goes where the player was going; the Back held on a full load's page goes to the lobby. */
  leave: () => void;
}

/**
 * Leaving the live game asks first: any move away inside the app (the bottom bar's logo, the
 * menu, the back button) is held for the exit-confirmation modal; closing or reloading the tab
 * gets the browser's own prompt.
 *
 * A page opened by a full load (a reload, a shared link) has no entry of this app behind it:
 * the first Back would leave the page, which the router never sees and for which the browser
 * shows no prompt before a tap. So once the show is known to be on (`armed`), an entry of the
 * same address is put in front of it: that first Back stays in the app, where it is held, and
 * Leave then opens the lobby.
 */
export function useExitGuard(enabled: boolean, armed: boolean): ExitGuard {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const leaving = useRef(false);
  // A move held now, known the moment it is held: the router draws its hold in a transition, so
  // `blocked` can lag behind while a render of the show's own answer runs first.
  const holding = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const hold =
      enabled &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (onGuardEntry(currentLocation) && !onGuardEntry(nextLocation)));
    if (hold) holding.current = true;
    return hold;
  });

  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (leaving.current) {
      // The Back held on the guard's entry, confirmed: the lobby, in place of this page.
      if (!onGuardEntry(location)) void navigate('/', { replace: true });
      return;
    }
    // A POP that is not onto the guard's entry: the page's first load (or a Back into it). Not
    // while a move away is held: any navigation completing lets the router drop the hold, so the
    // tap would neither ask nor leave (a tap on the lobby as the join answers); after Stay it is
    // put then.
    if (!armed || holding.current || navigationType !== 'POP' || onGuardEntry(location)) return;
    const { pathname, search, hash } = location;
    void navigate({ pathname, search, hash }, { state: GUARD_STATE });
  }, [armed, blocked, location, navigationType, navigate]);

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

  const stay = useCallback(() => {
    holding.current = false;
    blocker.reset?.();
  }, [blocker]);
  const leave = useCallback(() => {
    leaving.current = true;
    blocker.proceed?.();
  }, [blocker]);
  return { blocked, stay, leave };
}
