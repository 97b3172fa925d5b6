import type { ServerToClientEvents } from '@ruthless/protocol';
import { lobbyGameSchema, roomSchema, type LobbyGame, type Room } from '@ruthless/protocol/rooms';
import {
  activeTicketSchema,
  claimResponseSchema,
  type ActiveTicket,
  type ClaimResponse,
} from '@ruthless/protocol/tickets';

/**
 * The lobby's and the purchase page's component tests: rooms, games and tickets as the server
 * sends them (each parsed with the protocol's schema, so a test cannot feed the screen a shape
 * the server never answers), and a fake of the app's one socket for the server's pushes.
 */

let made = 0;
/** A fresh uuid, different on every call. */
export const uuid = () => `00000000-0000-4000-8000-${String(++made).padStart(12, '0')}`;

export function lobbyGame(overrides: Partial<LobbyGame> = {}): LobbyGame {
  return lobbyGameSchema.parse({
    gameUuid: uuid(),
    gameStartTime: new Date(Date.now() + 60 * 60_000).toISOString(),
    hasGameStarted: false,
    prizeLuckyFateSelections: 'in-game',
    maxTickets: 90,
    ticketsAvailable: 90,
    prizes: { oneLine: 1000, twoLines: 2500, fullHouse: 10_000 },
    rolloverPence: 0,
    state: 'scheduled',
    commitment: 'ab'.repeat(32),
    ...overrides,
  });
}

export function room(overrides: Partial<Room> = {}): Room {
  return roomSchema.parse({
    roomUuid: uuid(),
    name: 'Ruby Rush',
    roomImage: '/rooms/ruby-rush.svg',
    theme: 'RED',
    serverTime: new Date().toISOString(),
    games: [],
    rolloverPence: 0,
    ...overrides,
  });
}

const grid = [
  [1, null, 21, null, 41, null, 61, null, 81],
  [null, 12, null, 32, null, 52, null, 72, null],
  [3, null, 23, null, 43, null, 63, null, 90],
];

export function activeTicket(
  game: { gameUuid: string },
  roomUuid: string,
  luckyFatePick: number | null = null,
) {
  return activeTicketSchema.parse({
    gameUuid: game.gameUuid,
    roomUuid,
    ticketIndex: 0,
    ticket: grid,
    luckyFatePick,
    luckyFateMultiplier: null,
    claimedAt: new Date().toISOString(),
  } satisfies ActiveTicket);
}

export function claimResponse(ticket: ActiveTicket): ClaimResponse {
  return claimResponseSchema.parse({ created: true, ticket });
}

type Listener = (...args: never[]) => void;

/**
 * The app's socket as the lobby uses it: listeners added and removed, and `push` to play a
 * server event to them. A test file puts it in place of the on-demand loader:
 * `vi.mock('@/lib/socket-on-demand', () => fakeSocketOnDemand())`.
 */
export const fakeSocket = (() => {
  const listeners = new Map<string, Set<Listener>>();
  const socket = {
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return socket;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
  };
  return {
    get: () => socket,
    /** How many listeners the screen has on `event` now. */
    listening: (event: keyof ServerToClientEvents) => listeners.get(event)?.size ?? 0,
    /** The server sends `event` to this phone. */
    push<Event extends keyof ServerToClientEvents>(
      event: Event,
      ...args: Parameters<ServerToClientEvents[Event]>
    ) {
      for (const listener of listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
    },
    reset: () => listeners.clear(),
  };
})();

/** `@/lib/socket-on-demand` on the fake socket: what `vi.mock` of that module returns. */
export function fakeSocketOnDemand() {
  const socket = fakeSocket.get();
  return {
    loadSocket: () => Promise.resolve(socket),
    listenOnDemand: (event: string, listener: Listener) => {
      socket.on(event, listener);
      return () => void socket.off(event, listener);
    },
  };
}
