import { takesClaims } from '@ruthless/game';
import type { LobbyGame, Room, Theme } from '@ruthless/protocol';
import type { GameRow } from '../games/games.repository';
import type { RoomsRepository } from './rooms.repository';
import { compressOnce, stitchGzip, storeAsIs, type CompressedPart } from './stitched-gzip';

/** How many upcoming games each room lists: the lobby shows the next few, not a day's worth. */
export const GAMES_PER_ROOM = 8;
const LOOKAHEAD_MS = 24 * 60 * 60_000;
// A game past its start with no runner yet still shows (as in progress) for this long.
const LOOKBEHIND_MS = 60 * 60_000;
/** An ended game stays listed with its results this long, unless the room's next game exists. */
export const ENDED_LISTED_MS = 10 * 60_000;
// Every player polls every 30 s: one database read a second serves them all.
const CACHE_MS = 1000;

type RoomWithoutClock = Omit<Room, 'serverTime'>;

export function toLobbyGame(game: GameRow, now: number): LobbyGame {
  return {
    gameUuid: game.id,
    gameStartTime: game.startTime.toISOString(),
    // Started means the reels have begun: the green room still takes claims (docs/live-show.md).
    hasGameStarted: !takesClaims(game.stage) || game.startTime.getTime() <= now,
    prizeLuckyFateSelections: game.luckyFateMode,
    maxTickets: game.maxTickets,
    ticketsAvailable: game.ticketsAvailable,
    // The full house the players play for, with any all-steal pot rolled into this game.
    prizes: {
      oneLine: game.prizeOneLine,
      twoLines: game.prizeTwoLines,
      fullHouse: game.prizeFullHouse + game.rolloverPence,
    },
    rolloverPence: game.rolloverPence,
    state: game.stage,
    commitment: game.commitment,
  };
}

/**
 * The cached list, also as JSON once per load: each room's text up to its `serverTime`, and the
 * same pieces (with the list's brackets and commas) compressed once for gzip answers.
 */
interface CachedRooms {
  rooms: RoomWithoutClock[];
  jsonHeads: string[];
  gzipHeads: CompressedPart[];
  /**
   * The last answer of each kind and its millisecond: answers within one millisecond are the same
   * bytes (at 10 000 requests a second, ten of them), so they are made once.
   */
  lastJson?: { at: number; body: string };
  lastGzip?: { at: number; body: Buffer };
}

const EMPTY_LIST = storeAsIs('[]');
const LIST_END = storeAsIs(']');

/** An answer's time as it ends each room's JSON: `"2026-11-26T20:00:00.000Z"}`. */
function serverTimeTail(now: number): string {
  return `${JSON.stringify(new Date(now).toISOString())}}`;
}

/** The lobby's rooms with their upcoming games, cached briefly and stamped with the server's time. */
export class RoomsService {
  private cache: { operator: string; at: number; rooms: Promise<CachedRooms> } | undefined;

  constructor(
    private readonly repository: RoomsRepository,
    private readonly clock: () => number = Date.now,
  ) {}

  async listRooms(operator: string): Promise<Room[]> {
    const now = this.clock();
    const { rooms } = await this.cached(operator, now);
    const serverTime = new Date(now).toISOString();
    return rooms.map((room) => ({ ...room, serverTime }));
  }

  /**
   * The same list as JSON text: serialised once per load, so each request only adds its
   * `serverTime` (every player polls; a per-request serialisation cost more than the read).
   */
  async listRoomsJson(operator: string): Promise<string> {
    const now = this.clock();
    const cached = await this.cached(operator, now);
    if (cached.lastJson?.at !== now) {
      const serverTime = serverTimeTail(now);
      cached.lastJson = { at: now, body: `[${cached.jsonHeads.map((head) => head + serverTime).join(',')}]` };
    }
    return cached.lastJson.body;
  }

  /** The same JSON gzipped: the pieces compressed once, each answer's time stored as it is. */
  async listRoomsGzip(operator: string): Promise<Buffer> {
    const now = this.clock();
    const cached = await this.cached(operator, now);
    if (cached.lastGzip?.at !== now) {
      const serverTime = storeAsIs(serverTimeTail(now));
      const body =
        cached.gzipHeads.length === 0
          ? stitchGzip([EMPTY_LIST])
          : stitchGzip([...cached.gzipHeads.flatMap((head) => [head, serverTime]), LIST_END]);
      cached.lastGzip = { at: now, body };
    }
    return cached.lastGzip.body;
  }

  private cached(operator: string, now: number): Promise<CachedRooms> {
    if (!this.cache || this.cache.operator !== operator || now - this.cache.at >= CACHE_MS) {
      const rooms = this.load(operator, now).then((list) => {
        // '{...,"games":[...]' + ',"serverTime":' : the answer's time goes after it.
        const jsonHeads = list.map((room) => `${JSON.stringify(room).slice(0, -1)},"serverTime":`);
        return {
          rooms: list,
          jsonHeads,
          gzipHeads: jsonHeads.map((head, i) => compressOnce((i === 0 ? '[' : ',') + head)),
        };
      });
      this.cache = { operator, at: now, rooms };
      // A failed load must not be served from the cache.
      rooms.catch(() => (this.cache = undefined));
    }
    return this.cache.rooms;
  }

  /** Forgets the cached list, e.g. after a room or game changed. */
  invalidate(): void {
    this.cache = undefined;
  }

  private async load(operator: string, now: number): Promise<RoomWithoutClock[]> {
    const [rooms, games, ended] = await Promise.all([
      this.repository.listByOperator(operator),
      this.repository.listOpenGames(operator, new Date(now - LOOKBEHIND_MS), new Date(now + LOOKAHEAD_MS)),
      this.repository.listEndedSince(operator, new Date(now - ENDED_LISTED_MS)),
    ]);
    return rooms.map((room) => {
      const open = games.filter((game) => game.roomId === room.id);
      // docs/game-rules.md: an ended game leaves once the room's next game exists, or after 10 minutes.
      const justEnded = ended.filter(
        (game) =>
          game.roomId === room.id &&
          !open.some((next) => next.startTime.getTime() > game.startTime.getTime()),
      );
      return {
        roomUuid: room.id,
        name: room.name,
        roomImage: room.image,
        theme: room.theme as Theme,
        rolloverPence: room.rolloverPence,
        games: [...justEnded, ...open].slice(0, GAMES_PER_ROOM).map((game) => toLobbyGame(game, now)),
      };
    });
  }
}
