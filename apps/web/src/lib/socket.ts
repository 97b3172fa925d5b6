import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@ruthless/protocol';
import { reconnectPromptlyWhenServerMoves, SOCKET_RECONNECTION } from '@ruthless/protocol/reconnection';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';

/** The app's realtime connection, typed with the protocol's event map. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type Identity = { token: string } | { preview: true } | Record<string, never>;
type IdentityKind = 'player' | 'preview' | 'anonymous';

let socket: AppSocket | undefined;
/** Whether a caller that needs the connection has opened it (after that it reconnects by itself). */
let opened = false;
let wantPreview = false;
/** Who the open connection said it was at its handshake (the server reads it only then). */
let handshakeKind: IdentityKind | null = null;

function currentIdentity(): Identity {
  if (wantPreview || useClientStore.getState().isPreview) return { preview: true };
  const token = useSessionStore.getState().accessToken;
  return token ? { token } : {};
}

const kindOf = (identity: Identity): IdentityKind =>
  'token' in identity ? 'player' : 'preview' in identity ? 'preview' : 'anonymous';

function createSocket(): AppSocket {
  const created: AppSocket = io({
    path: '/socket.io',
    // Connected by the first caller that needs the connection (getSocket, getIdentifiedSocket),
    // not by one that only listens (socketToListen).
    autoConnect: false,
    transports: ['websocket', 'polling'],
    ...SOCKET_RECONNECTION,
    // Each (re)connection carries the identity of the moment: the token, or the read-only preview.
    auth: (send) => {
      const identity = currentIdentity();
      handshakeKind = kindOf(identity);
      send(identity);
    },
  });
  reconnectPromptlyWhenServerMoves(created);
  // The server lets a socket act for a player only while its token is valid: each refreshed
  // token goes to the open socket too (a connection opened without one ignores it).
  useSessionStore.subscribe((state, previous) => {
    if (state.accessToken && previous.accessToken && state.accessToken !== previous.accessToken) {
      if (created.connected) created.emit('auth:refresh', { token: state.accessToken }, () => {});
    }
  });
  return created;
}

/**
 * The one Socket.IO client of the app, on the page's own origin (the server serves both). It
 * connects on first use and reconnects by itself; features only add and remove listeners.
 */
export function getSocket(): AppSocket {
  const current = socketToListen();
  if (!opened) {
    opened = true;
    current.connect();
  }
  return current;
}

/**
 * The same socket, for listeners alone: it is not connected for them. A game screen shown from a
 * reload's kept show listens before the start-up gate has the player's token; connecting then
 * would say "nobody" at the handshake, and the game's join connects it with the token instead.
 */
export function socketToListen(): AppSocket {
  socket ??= createSocket();
  return socket;
}

/**
 * The socket for a screen that acts as someone (the game): `preview` asks for the read-only
 * preview handshake, and a connection opened under another identity (for instance before
 * sign-in) is opened again, since the server reads the identity only at the handshake.
 */
export function getIdentifiedSocket(options?: { preview: boolean }): AppSocket {
  if (options) wantPreview = options.preview;
  const current = socketToListen();
  if (current.connected && handshakeKind !== kindOf(currentIdentity())) {
    current.disconnect();
    current.connect();
  } else if (!current.connected && !current.active) {
    current.connect();
  }
  opened = true;
  return current;
}
