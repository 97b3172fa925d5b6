import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@ruthless/protocol';
import { useSessionStore } from '@/stores/session-store';

/** The app's realtime connection, typed with the protocol's event map. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | undefined;

/**
 * The one Socket.IO client of the app, on the page's own origin (the server serves both). It
 * connects on first use and reconnects by itself; each (re)connection carries the current
 * identity token, if any. Listeners come and go with the screens.
 */
export function getSocket(): AppSocket {
  socket ??= io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth: (send) => {
      const token = useSessionStore.getState().accessToken;
      send(token ? { token } : {});
    },
  });
  // The server lets a socket act for a player only while its token is valid: each refreshed
  // token goes to the open socket too (a connection opened without one ignores it).
  useSessionStore.subscribe((state, previous) => {
    if (state.accessToken && previous.accessToken && state.accessToken !== previous.accessToken) {
      if (socket?.connected) socket.emit('auth:refresh', { token: state.accessToken }, () => {});
    }
  });
  return socket;
}
