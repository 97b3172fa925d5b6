import { create } from 'zustand';

interface ServerClockState {
  /** Server time minus local time, in ms, as of the last rooms response. */
  offsetMs: number;
  setFromServerTime: (serverTime: string, receivedAt?: number) => void;
}

/**
 * The skew between this device's clock and the server's. Every rooms response carries
 * `serverTime`; countdowns add the offset to the local clock so a phone set a few minutes wrong
 * still opens the doors on time.
 */
export const useServerClockStore = create<ServerClockState>()((set) => ({
  offsetMs: 0,
  setFromServerTime: (serverTime, receivedAt = Date.now()) => {
    const server = Date.parse(serverTime);
    if (Number.isFinite(server)) set({ offsetMs: server - receivedAt });
  },
}));

/** The server's clock now, as this device best knows it. */
export function serverNow(): number {
  return Date.now() + useServerClockStore.getState().offsetMs;
}
