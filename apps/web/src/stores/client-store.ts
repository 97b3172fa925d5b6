import { create } from 'zustand';

/** Background themes of docs/player-app.md (Constants); a room's theme colours the whole app while it is in focus. */
export type BackgroundTheme = 'RED' | 'GOLD' | 'GREEN' | 'DEFAULT';

export interface LiveVideoState {
  /** The browser blocked autoplay with sound: the player must tap to allow audio. */
  needsUserInput: boolean;
  /** The audio context or the stream was suspended (page hidden, interruption). */
  isSuspended: boolean;
}

export interface ClientState {
  backgroundTheme: BackgroundTheme;
  isNavigationDrawerOpen: boolean;
  /** `?preview=1`: the host previews a game screen without signing in, and without the bottom bar. */
  isPreview: boolean;
  /** The game sounds have loaded (or the start-up gate stopped waiting): the gate lets the app in. */
  soundLoaded: boolean;
  liveVideo: LiveVideoState;
  /** Where a game screen puts its footer action (the chat button); null outside games. */
  footerSlot: HTMLElement | null;

  setBackgroundTheme: (theme: BackgroundTheme) => void;
  setNavigationDrawerOpen: (open: boolean) => void;
  toggleNavigationDrawer: () => void;
  setPreview: (isPreview: boolean) => void;
  setSoundLoaded: (loaded: boolean) => void;
  setLiveVideo: (patch: Partial<LiveVideoState>) => void;
  setFooterSlot: (slot: HTMLElement | null) => void;
}

/**
 * State of the screen, not of the player or the game (docs/player-app.md (State kept by the app) "Client state"). The device's
 * orientation and type are not kept: CSS media queries decide the rotate message and the layout.
 */
export const useClientStore = create<ClientState>()((set) => ({
  backgroundTheme: 'DEFAULT',
  isNavigationDrawerOpen: false,
  isPreview: false,
  soundLoaded: false,
  liveVideo: { needsUserInput: false, isSuspended: false },
  footerSlot: null,

  setBackgroundTheme: (backgroundTheme) => set({ backgroundTheme }),
  setNavigationDrawerOpen: (isNavigationDrawerOpen) => set({ isNavigationDrawerOpen }),
  toggleNavigationDrawer: () => set((state) => ({ isNavigationDrawerOpen: !state.isNavigationDrawerOpen })),
  setPreview: (isPreview) => set({ isPreview }),
  setFooterSlot: (footerSlot) => set({ footerSlot }),
  setSoundLoaded: (soundLoaded) => set({ soundLoaded }),
  setLiveVideo: (patch) => set((state) => ({ liveVideo: { ...state.liveVideo, ...patch } })),
}));
