import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema';
import { LiveRepository } from '../../src/live/live.repository';
import { insertGame, insertRoom } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const MINUTE = 60_000;
let server: TestApp;

beforeAll(async () => {
  // No automatic host: the scan's answer is read here, with nobody else taking leases.
  server = await startTestApp({ DEMO: 'false' }, { runGames: false });
});

afterAll(async () => {
  await server?.close();
});

// Which games a runner takes: each game held costs two statements a second (its lease), so a show
// later in the day is nobody's until its green room is about to open.
describe("the automatic host's scan", () => {
  it('takes games under way and those whose green room opens before the horizon, by their own timings', async () => {
    const db = server.app.database.db;
    const roomId = await insertRoom(db, 'Scan Room');
    // The default green room is 5 minutes before the start.
    const opensNow = await insertGame(db, roomId, { startsInMs: 5 * MINUTE, maxTickets: 10 });
    const opensInTenMinutes = await insertGame(db, roomId, { startsInMs: 15 * MINUTE, maxTickets: 10 });
    // A green room of 20 minutes opens within the horizon although the show starts later.
    const longGreenRoom = await insertGame(db, roomId, {
      startsInMs: 20 * MINUTE,
      maxTickets: 10,
      timings: { greenRoomMs: 20 * MINUTE },
    });
    const underWay = await insertGame(db, roomId, { startsInMs: 3 * 60 * MINUTE, maxTickets: 10 });
    await db.update(games).set({ stage: 'draw' }).where(eq(games.id, underWay));
    const over = await insertGame(db, roomId, { startsInMs: -MINUTE, maxTickets: 10 });
    await db.update(games).set({ stage: 'ended' }).where(eq(games.id, over));

    const due = await new LiveRepository(db).gamesToRun('runner-a', new Date(Date.now() + 10_000));

    expect(due).toEqual(expect.arrayContaining([opensNow, longGreenRoom, underWay]));
    expect(due).not.toContain(opensInTenMinutes);
    expect(due).not.toContain(over);
  });
});
