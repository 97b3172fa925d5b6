import { create } from 'zustand';

/** The signed-in player's session (docs/player-app.md (State kept by the app) "Session state"). */
export interface SessionState {
  /** The identity token (a 15-minute JWT), sent unprefixed in `Authorization`. */
  accessToken: string | null;
  /** The player uuid: the token's `sub`. */
  playerUuid: string | null;
  phoneNumber: string | null;
  isPreviewMode: boolean;

  setAccessToken: (accessToken: string | null) => void;
  setPlayerUuid: (playerUuid: string | null) => void;
  setPhoneNumber: (phoneNumber: string | null) => void;
  setPreviewMode: (isPreviewMode: boolean) => void;
  /** Back to the initial values (on sign-out and when leaving the start-up gate). */
  reset: () => void;
}

const initialSession = {
  accessToken: null,
  playerUuid: null,
  phoneNumber: null,
  isPreviewMode: false,
} satisfies Partial<SessionState>;

export const useSessionStore = create<SessionState>()((set) => ({
  ...initialSession,
  setAccessToken: (accessToken) => set({ accessToken }),
  setPlayerUuid: (playerUuid) => set({ playerUuid }),
  setPhoneNumber: (phoneNumber) => set({ phoneNumber }),
  setPreviewMode: (isPreviewMode) => set({ isPreviewMode }),
  reset: () => set(initialSession),
}));
