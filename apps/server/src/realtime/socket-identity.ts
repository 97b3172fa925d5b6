import type { Socket } from 'socket.io';
import {
  AuthErrorCode,
  ErrorCode,
  catalogueMessage,
  socketRefreshRequestSchema,
  type ActResult,
} from '@ruthless/protocol';
import type { Player } from '../auth/identity';
import type { TokenCutoffs } from '../auth/token-cutoffs';
import { identityRooms } from './phones';
import type { RealtimeServer } from './socket-server';

/** Who is on a socket: `socket.data` of every connection. */
export interface SocketIdentity {
  /** The player of the handshake's (or the last `auth:refresh`'s) token; null for viewers. */
  player: Player | null;
  /** A read-only viewer asked for preview mode. */
  preview: boolean;
}

// The token cut-offs of each Socket.IO server. Not in `socket.data`: the Redis adapter stores
// that with the session for connection state recovery, and it must stay plain data.
const cutoffsOfServer = new WeakMap<object, Pick<TokenCutoffs, 'allowsNow'>>();

export const EXPIRED_TOKEN_MESSAGE = 'authorization: the identity token has expired.';

/**
 * The socket's player while their identity token is valid, else null. Every handler that acts
 * for a player checks through this, so a socket outlives neither its token nor a refresh. A
 * token issued before its user's cut-off (a reset, a deletion) or of a session signed out closes
 * the socket.
 */
export function socketPlayer(socket: Socket): Player | null {
  const { player } = socket.data as SocketIdentity;
  if (!player || player.expiresAt <= Date.now()) return null;
  const cutoffs = cutoffsOfServer.get(socket.nsp.server);
  if (cutoffs && !cutoffs.allowsNow(player.id, player.issuedAt, player.sessionId)) {
    socket.disconnect(true);
    return null;
  }
  return player;
}

/**
 * The refusal for a handler that needs a registered player: an expired token is told so; a
 * viewer, or a valid token without the operator claim (signed up, never registered), gets the
 * catalogue's permission-denied, as over HTTP.
 */
export function playerRefusal(socket: Socket): { ok: false; message: string } {
  const { player } = socket.data as SocketIdentity;
  const expired = player !== null && player.expiresAt <= Date.now();
  return {
    ok: false,
    message: expired ? EXPIRED_TOKEN_MESSAGE : catalogueMessage(AuthErrorCode.permissionDenied),
  };
}

/**
 * The handshake carries the identity token (`auth.token`) or asks for read-only preview
 * (`auth.preview`). A player's sockets join their player room; `auth:refresh` hands a fresh
 * token of the same player to an open socket before the old one expires.
 */
export function authenticateSockets(
  io: RealtimeServer,
  verify: (token: string) => Promise<Player>,
  cutoffs: Pick<TokenCutoffs, 'allowsNow'>,
): void {
  cutoffsOfServer.set(io, cutoffs);
  io.use((socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { token?: unknown; preview?: unknown };
    if (typeof auth.token === 'string' && auth.token) {
      verify(auth.token)
        .then((player) => {
          socket.data = { player, preview: false } satisfies SocketIdentity;
          next();
        })
        .catch(() => next(new Error(ErrorCode.unauthorized)));
      return;
    }
    // No token: a read-only viewer (preview mode, or the lobby's live metadata).
    socket.data = { player: null, preview: auth.preview === true } satisfies SocketIdentity;
    next();
  });

  // One handler for every connection (Socket.IO calls it with the socket as `this`).
  async function refresh(this: Socket, request: unknown, ack: (result: ActResult) => void) {
    if (typeof ack !== 'function') return;
    const parsed = socketRefreshRequestSchema.safeParse(request);
    if (!parsed.success) return ack({ ok: false, message: 'authorization: an identity token is required.' });
    const identity = this.data as SocketIdentity;
    try {
      const player = await verify(parsed.data.token);
      if (identity.player?.id !== player.id) {
        return ack({
          ok: false,
          message: 'authorization: the token is of another player. Please reconnect.',
        });
      }
      identity.player = player;
      ack({ ok: true });
    } catch {
      ack({ ok: false, message: 'authorization: the identity token is not valid.' });
    }
  }

  io.on('connection', (socket) => {
    const identity = socket.data as SocketIdentity;
    if (identity.player) void socket.join(identityRooms(identity.player));
    socket.on('auth:refresh', refresh);
  });
}
