/**
 * A game's viewers are spread over CHAT_SLICES chat rooms (by socket id) besides the game's own
 * room. A chat batch goes out slice by slice, one event-loop turn each: to 10 000 viewers a batch
 * is a few hundred milliseconds of writes, and a ball due meanwhile goes out between two slices
 * instead of after all of them (docs/performance.md, Chat under load). The names go through the
 * adapter like any room, so in a cluster every process sends a slice to its own members of it.
 */
export const CHAT_SLICES = 8;

/** The chat room of one of a game's viewers. */
export function chatRoomOf(gameId: string, socketId: string): string {
  return `chat:${gameId}:${socketId.charCodeAt(socketId.length - 1) % CHAT_SLICES}`;
}

/** Every chat room of a game, in the order a batch is sent. */
export function chatRooms(gameId: string): string[] {
  return Array.from({ length: CHAT_SLICES }, (_, slice) => `chat:${gameId}:${slice}`);
}
