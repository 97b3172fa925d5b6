import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import './desk.css';

const DeskContext = createContext(false);

/**
 * The desktop variant of the app's components, for the host console on a laptop or a tablet:
 * while mounted, `<html data-ui="desk">` makes components/ui compact and sized for a mouse (each
 * component's own CSS holds its desk rules) with the page's rem held at 16px instead of growing
 * with a phone's width, and buttons click without the show's sound. Dialogs and toasts are put on
 * the body, so the variant is set on the page, not on a wrapper.
 */
export function DeskTheme({ children }: { children: ReactNode }) {
  // Before the first paint: no frame of phone-sized buttons.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.ui = 'desk';
    return () => {
      delete root.dataset.ui;
    };
  }, []);
  return <DeskContext.Provider value={true}>{children}</DeskContext.Provider>;
}

/** True inside the DeskTheme. */
export function useDesk(): boolean {
  return useContext(DeskContext);
}
