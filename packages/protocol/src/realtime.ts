import { z } from 'zod';
import type { ChatDeletedPayload, ChatMessagesPayload } from './chat';
import type { ActResult, JoinGameRequest, JoinGameResult, LiveGameMessage } from './live';
import type { ServerMovingHint } from './reconnection';

/**
 * The typed map of every realtime (Socket.IO) event. Server and app import these so an
 * event cannot be sent or handled with the wrong name or payload.
 */

/** docs/player-app.md's live game metadata (`/Client/{gameUuid}/data/metadata`). */
export interface GameMetadata {
  gameUuid: string;
  roomUuid: string;
  maxTickets: number;
  ticketsAvailable: number;
}

/** A host cancelled a game before it started; its tickets are released. */
export interface GameCancelledPayload {
  gameUuid: string;
  roomUuid: string;
  gameStartTime: string;
}

/**
 * A ticket holder's chat name changed (their edit, or a host's reset): every screen of the game
 * shows the new name at once, on the game's board and on their chat messages.
 */
export interface PlayerRenamedPayload {
  gameUuid: string;
  playerUuid: string;
  /** The name to show ('Player' once reset). */
  name: string;
  /** A host reset the alias: the player must choose a new one. */
  aliasReset: boolean;
}

export interface ServerToClientEvents {
  /** To every lobby and game viewer, coalesced: a burst of claims sends a few, not one each. */
  metadata: (payload: GameMetadata) => void;
  'game-cancelled': (payload: GameCancelledPayload) => void;
  /** Every event of a game joined with `game:join`, in seq order. */
  'game:event': (message: LiveGameMessage) => void;
  /** New chat messages of a joined game, batched (at most about 10 a second a game). */
  'chat:messages': (payload: ChatMessagesPayload) => void;
  /** Chat messages a host deleted. */
  'chat:deleted': (payload: ChatDeletedPayload) => void;
  'player:renamed': (payload: PlayerRenamedPayload) => void;
  /** This process is about to stop: reconnect within the window (reconnection.ts). */
  'server:moving': (hint: ServerMovingHint) => void;
}

/** `auth:refresh`: a fresh identity token of the same player for an open socket. */
export const socketRefreshRequestSchema = z.strictObject({ token: z.string().min(1).max(4096) });
export type SocketRefreshRequest = z.infer<typeof socketRefreshRequestSchema>;

export interface ClientToServerEvents {
  /**
   * A fresh identity token for this socket (same player), sent before the old one expires: a
   * socket acts for a player only while its token is valid.
   */
  'auth:refresh': (request: SocketRefreshRequest, ack: (result: ActResult) => void) => void;
  /** Round-trip clock check: the server answers with its time. */
  ping: (ack: (serverTime: number) => void) => void;
  /** Watch a game: the answer is the current snapshot and the events missed since lastSeq. */
  'game:join': (request: JoinGameRequest, ack: (result: JoinGameResult) => void) => void;
  'game:leave': (request: { gameUuid: string }) => void;
  /** A finalist's SHARE or STEAL (also `POST /api/games/{gameUuid}/choice`). */
  'game:choice': (
    request: { gameUuid: string; choice: 'share' | 'steal' },
    ack: (result: ActResult) => void,
  ) => void;
  /** An in-game lucky-fate pick, 0..2 (also `POST /api/games/{gameUuid}/lucky-fate`). */
  'game:lucky-fate': (request: { gameUuid: string; pick: number }, ack: (result: ActResult) => void) => void;
}
