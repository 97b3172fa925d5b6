import { getSocket, type AppSocket } from '@/lib/socket';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';

type Identity = { token: string } | { preview: true } | Record<string, never>;

let wantPreview = false;

function currentIdentity(): Identity {
  if (wantPreview || useClientStore.getState().isPreview) return { preview: true };
  const token = useSessionStore.getState().accessToken;
  return token ? { token } : {};
}

const kindOf = (identity: Identity) =>
  'token' in identity ? 'player' : 'preview' in identity ? 'preview' : 'anonymous';

let installed = false;
let handshakeKind: string | null = null;

/**
 * The app's one socket, handshaking as this screen needs. `lib/socket.ts` sends the identity
 * token; the game screen also needs the read-only preview handshake, and a reconnect when the
 * socket was opened under another identity (for instance before sign-in), since the server reads
 * the identity only at the handshake.
 */
export function gameSocket(options?: { preview: boolean }): AppSocket {
  if (options) wantPreview = options.preview;
  const socket = getSocket();
  if (!installed) {
    installed = true;
    socket.auth = (callback) => {
      const identity = currentIdentity();
      handshakeKind = kindOf(identity);
      callback(identity);
    };
    // Connected before the handshake carried an identity: assume it carried none.
    if (socket.connected) handshakeKind = 'anonymous';
  }
  if (socket.connected && handshakeKind !== kindOf(currentIdentity())) {
    socket.disconnect();
    socket.connect();
  } else if (!socket.connected && !socket.active) {
    socket.connect();
  }
  return socket;
}
