import type { ChatMessage, ServerToClientEvents } from '@ruthless/protocol';
import { sendBroadcastFramesDirectly } from './direct-frames';
import type { RealtimeServer, RealtimeSocket } from './socket-server';
import type { SocketIdentity } from './socket-identity';

/**
 * The one door to the phones (and the host console): every Socket.IO room name and every event
 * the server sends to clients. "Where does X reach the phones?" is answered here; services get
 * this as a dependency and never see a socket, a room name or an event name.
 */

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Messages between server processes (through the Redis adapter; never sent to a client). */
export interface ServerSideEvents {
  /** A stopping process let go of its games: take them now rather than at the next scan. */
  'runner:released': (gameIds: string[]) => void;
  /** These games' ticket counts changed: read them and tell this process's viewers. */
  'metadata:changed': (gameIds: string[]) => void;
}

/**
 * A game's viewers are spread over CHAT_SLICES chat rooms (by socket id) besides the game's own
 * room. A chat batch goes out slice by slice, one event-loop turn each: to 10 000 viewers a batch
 * is a few hundred milliseconds of writes, and a ball due meanwhile goes out between two slices
 * instead of after all of them (docs/performance.md, Chat under load). The names go through the
 * adapter like any room, so in a cluster every process sends a slice to its own members of it.
 */
export const CHAT_SLICES = 8;

const GAME_ROOM_PREFIX = 'game:';
const gameRoom = (gameId: string) => `${GAME_ROOM_PREFIX}${gameId}`;
/** The hosts' consoles among a game's viewers: they get its events but are not its audience. */
const hostsRoom = (gameId: string) => `hosts:${gameId}`;
const chatRoom = (gameId: string, slice: number) => `chat:${gameId}:${slice}`;
/** The room of every socket of one player, on every process (sign-out everywhere, resets). */
const playerRoom = (playerId: string) => `player:${playerId}`;
/** The room of the sockets opened with one session's tokens, on every process (sign-out). */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The rooms a viewer of a game is in: the game's, and the chat slice of the socket; a host's
 * console is also in the game's hosts' room, so the audience counted leaves it out.
 */
export function viewerRooms(gameId: string, socketId: string, host = false): string[] {
  const rooms = [gameRoom(gameId), chatRoom(gameId, socketId.charCodeAt(socketId.length - 1) % CHAT_SLICES)];
  return host ? [...rooms, hostsRoom(gameId)] : rooms;
}

/** Whether the socket watches the game. */
export const watchesGame = (socket: RealtimeSocket, gameId: string) => socket.rooms.has(gameRoom(gameId));

/** The games the socket watches. */
export function gameIdsWatched(socket: RealtimeSocket): string[] {
  return [...socket.rooms]
    .filter((name) => name.startsWith(GAME_ROOM_PREFIX))
    .map((name) => name.slice(GAME_ROOM_PREFIX.length));
}

/** How many games the socket watches. */
export function gamesWatched(socket: RealtimeSocket): number {
  return gameIdsWatched(socket).length;
}

/** The rooms every socket of a signed-in player joins on connecting (sign-out, resets). */
export function identityRooms(player: { id: string; sessionId?: string | null }): string[] {
  return player.sessionId ? [playerRoom(player.id), sessionRoom(player.sessionId)] : [playerRoom(player.id)];
}

export class Phones {
  constructor(
    private readonly io: RealtimeServer,
    /** Several processes share rooms through Redis: server-side events reach the others. */
    private readonly clustered: boolean,
  ) {
    sendBroadcastFramesDirectly();
  }

  /**
   * A game's ticket counts, to this process's lobby and game viewers. Each process reads and sends
   * its own (lobby/metadata-publisher.ts): counts read by two processes and crossing through Redis
   * could reach a phone in the other order, the older last.
   */
  metadata(payload: Payload<'metadata'>): void {
    this.io.local.emit('metadata', payload);
  }

  /** Tells the other processes (none without Redis) that these games' ticket counts changed. */
  tellPeersMetadataChanged(gameIds: string[]): void {
    if (this.clustered && gameIds.length > 0) this.io.serverSideEmit('metadata:changed', gameIds);
  }

  /** What another process tells of games whose ticket counts changed there. */
  onPeersMetadataChanged(listener: (gameIds: string[]) => void): void {
    this.io.on('metadata:changed', listener);
  }

  /** A cancellation, to every lobby and game viewer. */
  gameCancelled(payload: Payload<'game-cancelled'>): void {
    this.io.emit('game-cancelled', payload);
  }

  /** An event of a live game, to its viewers. */
  gameEvent(gameId: string, message: Payload<'game:event'>): void {
    this.io.to(gameRoom(gameId)).emit('game:event', message);
  }

  /** A player's new name, to the viewers of a game they play in. */
  playerRenamed(gameId: string, payload: Payload<'player:renamed'>): void {
    this.io.to(gameRoom(gameId)).emit('player:renamed', payload);
  }

  /**
   * A batch of chat, one chat slice of the game's viewers per event-loop turn; resolves once the
   * last slice is handed to the adapter.
   */
  chatMessages(gameId: string, messages: ChatMessage[]): Promise<void> {
    const payload: Payload<'chat:messages'> = { gameUuid: gameId, messages };
    return new Promise((resolve) => {
      let slice = 0;
      const sendNext = () => {
        this.io.to(chatRoom(gameId, slice)).emit('chat:messages', payload);
        if (++slice < CHAT_SLICES) setImmediate(sendNext);
        else resolve();
      };
      sendNext();
    });
  }

  /** Chat messages a host deleted, to the game's viewers. */
  chatDeleted(gameId: string, messageUuids: string[]): void {
    this.io.to(gameRoom(gameId)).emit('chat:deleted', { gameUuid: gameId, messageUuids });
  }

  /**
   * Every game watched on this process, with its audience here (the analytics' live samples): its
   * viewers but the hosts' consoles.
   */
  viewersByGame(): Map<string, number> {
    const { rooms } = this.io.sockets.adapter;
    const viewers = new Map<string, number>();
    for (const [name, sockets] of rooms) {
      if (!name.startsWith(GAME_ROOM_PREFIX)) continue;
      const gameId = name.slice(GAME_ROOM_PREFIX.length);
      viewers.set(gameId, sockets.size - (rooms.get(hostsRoom(gameId))?.size ?? 0));
    }
    return viewers;
  }

  /**
   * Which of `playerIds` have a socket watching the game, on any process (through the adapter in
   * a cluster). Their own rooms are asked, not the game's: a few winners, not its whole audience.
   */
  async playersWatching(gameId: string, playerIds: readonly string[]): Promise<Set<string>> {
    if (playerIds.length === 0) return new Set();
    const sockets = await this.io.in(playerIds.map(playerRoom)).fetchSockets();
    const watching = new Set<string>();
    for (const socket of sockets) {
      const { player } = socket.data as SocketIdentity;
      if (player && socket.rooms.has(gameRoom(gameId))) watching.add(player.id);
    }
    return watching;
  }

  /** Closes every socket of a player, on every process. */
  disconnectPlayer(playerId: string): void {
    this.io.in(playerRoom(playerId)).disconnectSockets(true);
  }

  /** Closes every socket opened with one session's tokens, on every process. */
  disconnectSession(sessionId: string): void {
    this.io.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Tells the other processes (none without Redis) that this one let go of its games. */
  tellPeersGamesReleased(gameIds: string[]): void {
    if (this.clustered && gameIds.length > 0) this.io.serverSideEmit('runner:released', gameIds);
  }

  /** What a stopping process tells of the games it let go of. */
  onPeersGamesReleased(listener: (gameIds: string[]) => void): void {
    this.io.on('runner:released', listener);
  }
}
