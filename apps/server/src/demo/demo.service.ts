import { randomBytes } from 'node:crypto';
import { commitmentOf } from '@ruthless/game';
import { OPERATOR } from '@ruthless/protocol';
import type { GamesRepository, NewGame } from '../games/games.repository';
import type { NewRoom, RoomsRepository } from '../rooms/rooms.repository';

const SLOT_MS = 15 * 60_000;
const HORIZON_MS = 24 * 60 * 60_000;

/** The demo's three rooms; their images are drawn by apps/web/scripts/make-room-images.mjs. */
export const DEMO_ROOMS: NewRoom[] = [
  { name: 'Ruby Rush', theme: 'RED', image: '/rooms/ruby-rush.webp' },
  { name: 'Gold Rush', theme: 'GOLD', image: '/rooms/gold-rush.webp' },
  { name: 'Lucky Clover', theme: 'GREEN', image: '/rooms/lucky-clover.webp' },
].map((room) => ({ ...room, operator: OPERATOR, isDemo: true }));

/** Prizes in pence for a demo game; alternates lucky-fate mode so both kinds are always on show. */
function demoGame(roomId: string, startTime: Date, slotNumber: number): NewGame {
  const seedHex = randomBytes(32).toString('hex');
  return {
    roomId,
    startTime,
    maxTickets: 90,
    ticketsAvailable: 90,
    luckyFateMode: slotNumber % 2 === 0 ? 'in-game' : 'pre-game',
    prizeOneLine: 1000,
    prizeTwoLines: 2500,
    prizeFullHouse: 10000,
    seedHex,
    commitment: commitmentOf(seedHex),
  };
}

/**
 * Keeps the demo alive: three themed rooms and a game every 15 minutes in each, scheduled
 * 24 hours ahead. Idempotent, so every process may run it on its own timer.
 */
export class DemoService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly games: GamesRepository,
  ) {}

  async ensureRooms(): Promise<void> {
    await this.rooms.insertMissing(DEMO_ROOMS);
  }

  /** Fills every free quarter-hour slot from the next one to 24 hours ahead; returns how many. */
  async extendSchedule(now: Date): Promise<number> {
    const rooms = await this.rooms.listDemo(OPERATOR);
    const firstSlot = Math.ceil((now.getTime() + 60_000) / SLOT_MS) * SLOT_MS;
    // Only the slots not taken yet are dealt and sent: at a restart or a refresh that is a few of
    // the 288, where sending them all cost about a second of the database's CPU every time.
    const slot = (roomId: string, start: number) => `${roomId} ${start}`;
    const takenSlots = await this.games.takenSlots(
      rooms.map((room) => room.id),
      new Date(firstSlot),
    );
    const taken = new Set(takenSlots.map((game) => slot(game.roomId, game.startTime.getTime())));
    const newGames: NewGame[] = [];
    for (const room of rooms) {
      for (let start = firstSlot; start <= now.getTime() + HORIZON_MS; start += SLOT_MS) {
        if (!taken.has(slot(room.id, start)))
          newGames.push(demoGame(room.id, new Date(start), start / SLOT_MS));
      }
    }
    return this.games.insertIntoFreeSlots(newGames);
  }
}
