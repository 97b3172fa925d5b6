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
 * The app's one socket, handshaking as this screen needs: with the identity token (read at each
 * connection, so a refreshed token is used on reconnect) or as a read-only preview. When the
 * socket is already connected as someone else (the lobby connects without a token), it
 * reconnects once.
 *
 * TODO(lib/socket): this belongs in `lib/socket.ts` (`io({ auth: (cb) => ... })`); it is set here
 * until that file sends the handshake's `auth` itself.
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
