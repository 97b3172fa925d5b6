import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf } from '@ruthless/game';
import { games, rooms } from '../../src/db/schema';
import { DemoService } from '../../src/demo/demo.service';
import { GamesRepository } from '../../src/games/games.repository';
import { RoomsRepository } from '../../src/rooms/rooms.repository';
import { startTestApp, type TestApp } from '../support/test-app';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({ DEMO: 'true' });
});

afterAll(async () => {
  await server?.close();
});

describe('demo data', () => {
  it('creates three themed rooms with their own images', async () => {
    const rows = await server.app.database.db.select().from(rooms).orderBy(asc(rooms.name));
    expect(rows.map((room) => [room.name, room.theme, room.image])).toEqual([
      ['Gold Rush', 'GOLD', '/rooms/gold-rush.webp'],
      ['Lucky Clover', 'GREEN', '/rooms/lucky-clover.webp'],
      ['Ruby Rush', 'RED', '/rooms/ruby-rush.webp'],
    ]);
  });

  it('schedules a game every 15 minutes in each room, 24 hours ahead, with a seed commitment', async () => {
    const now = Date.now();
    const rows = await server.app.database.db.select().from(games).orderBy(asc(games.startTime));
    const roomIds = new Set(rows.map((game) => game.roomId));
    expect(roomIds.size).toBe(3);
    for (const roomId of roomIds) {
      const starts = rows.filter((game) => game.roomId === roomId).map((game) => game.startTime.getTime());
      expect(starts[0]! - now).toBeLessThanOrEqual(16 * 60_000);
      expect(starts.at(-1)! - now).toBeGreaterThan(23.7 * 60 * 60_000);
      for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBe(15 * 60_000);
    }
    for (const game of rows) {
      expect(game.seedHex).toMatch(/^[0-9a-f]{64}$/);
      expect(game.commitment).toBe(commitmentOf(game.seedHex));
      expect(game.ticketsAvailable).toBe(game.maxTickets);
    }
    expect(new Set(rows.map((game) => game.luckyFateMode))).toEqual(new Set(['pre-game', 'in-game']));
  });

  it('keeps the schedule rolling without duplicating slots', async () => {
    const db = server.app.database.db;
    const demo = new DemoService(new RoomsRepository(db), new GamesRepository(db));
    const before = (await db.select().from(games)).length;
    await demo.ensureRooms();
    expect(await demo.extendSchedule(new Date())).toBe(0);
    // An hour later, four new quarter-hours per room come into the 24-hour window.
    expect(await demo.extendSchedule(new Date(Date.now() + 60 * 60_000))).toBe(12);
    expect((await db.select().from(games)).length).toBe(before + 12);
    expect((await db.select().from(rooms)).length).toBe(3);
  });
});
