import { create } from 'zustand';

interface ServerClockState {
  /** Server time minus local time, in ms, as last measured. */
  offsetMs: number;
  /** Whether a round trip measured it (the game socket's ping): a mere stamp no longer moves it. */
  measured: boolean;
  /** Takes a server stamp (a rooms response's `serverTime`, a game snapshot's) received just now. */
  setFromServerTime: (serverTime: string | number, receivedAt?: number) => void;
  /** Takes an offset measured another way (the game socket's ping, halved round trip). */
  setOffset: (offsetMs: number) => void;
}

/**
 * The skew between this device's clock and the server's: the app's one server clock. Every rooms
 * response carries `serverTime`, and the live game measures it over its socket; countdowns, the
 * game's timers and the host's clock add the offset to the local clock so a phone set a few
 * minutes wrong still opens the doors on time.
 */
export const useServerClockStore = create<ServerClockState>()((set, get) => ({
  offsetMs: 0,
  measured: false,
  setFromServerTime: (serverTime, receivedAt = Date.now()) => {
    const server = typeof serverTime === 'number' ? serverTime : Date.parse(serverTime);
    // A stamp is off by the answer's trip: it never replaces a measured offset (the game's feed
    // would jump, releasing two balls at once, on every rooms refetch).
    if (Number.isFinite(server) && !get().measured) set({ offsetMs: server - receivedAt });
  },
  setOffset: (offsetMs) => {
    if (Number.isFinite(offsetMs)) set({ offsetMs, measured: true });
  },
}));

/** The server's clock now, as this device best knows it. */
export function serverNow(): number {
  return Date.now() + useServerClockStore.getState().offsetMs;
}
