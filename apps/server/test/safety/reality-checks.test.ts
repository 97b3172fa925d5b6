import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, type HostGame, type RealityCheck } from '@ruthless/protocol';
import { queryRows } from '../../src/db/database';
import { RealityCheckRepository } from '../../src/safety/reality-check.repository';
import { RealityCheckService } from '../../src/safety/reality-check.service';
import { decodeJwt } from '../support/http';
import { api } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';

// Reality checks (docs/player-app.md, "Reality checks"): the interval is the player's, checked
// by the server; the figures come from the session's sign-in and the stored tickets and payouts.

let show: Show;
let base: string;

beforeAll(async () => {
  show = await startShow({
    host: 'host@ruthless.test',
    room: { name: 'Check Room', theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
  });
  base = show.server.url;
});

afterAll(async () => {
  await show?.server.close();
});

const FAST = {
  greenRoomMs: 1000,
  reelsMs: 150,
  luckyFateMs: 800,
  ballIntervalMs: 100,
  ruthlessMs: 1000,
  revealMs: 100,
};

async function waitForEnd(game: HostGame): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await api(base, 'GET', `/api/games/${game.gameUuid}/results`, null)).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the game did not end');
}

describe('reality checks', () => {
  it('keeps an interval of 15 to 120 minutes or off, 60 by default, and refuses anything else', async () => {
    const ann = await playerWithDetails(base, 'Ann');
    expect(await api(base, 'GET', '/api/safety/settings', ann.token)).toEqual({
      status: 200,
      body: { realityCheckMinutes: 60, remindEveryShow: false },
    });
    const put = (body: unknown) => api(base, 'PUT', '/api/safety/settings', ann.token, body);
    expect(await put({ realityCheckMinutes: 15 })).toMatchObject({
      status: 200,
      body: { realityCheckMinutes: 15 },
    });
    expect(await put({ realityCheckMinutes: null })).toMatchObject({
      status: 200,
      body: { realityCheckMinutes: null },
    });
    expect(await put({ realityCheckMinutes: 120, remindEveryShow: true })).toEqual({
      status: 200,
      body: { realityCheckMinutes: 120, remindEveryShow: true },
    });
    const outOfRange = 'Reality checks can be every 15 to 120 minutes.';
    for (const minutes of [14, 121, 0, -5]) {
      expect(await put({ realityCheckMinutes: minutes })).toMatchObject({
        status: 400,
        body: { message: outOfRange },
      });
    }
    expect(await put({ realityCheckMinutes: 30.5 })).toMatchObject({
      status: 400,
      body: { message: 'realityCheckMinutes must be a whole number of minutes' },
    });
    expect(await put({ realityCheckMinutes: '30' })).toMatchObject({ status: 400 });
    expect(await put({})).toMatchObject({
      status: 400,
      body: { message: 'Nothing to change: send realityCheckMinutes or remindEveryShow.' },
    });
    expect(await put({ realityCheckMinutes: 30, userId: ann.userId })).toMatchObject({ status: 400 });
    // Nothing refused was kept.
    expect((await api(base, 'GET', '/api/safety/settings', ann.token)).body).toEqual({
      realityCheckMinutes: 120,
      remindEveryShow: true,
    });
    expect((await api(base, 'GET', '/api/safety/settings', null)).status).toBe(401);
    expect((await api(base, 'PUT', '/api/safety/settings', null, { realityCheckMinutes: 30 })).status).toBe(
      401,
    );
  });

  it('counts the time since sign-in, the shows joined and the winnings of that session from the database', async () => {
    const bob = await playerWithDetails(base, 'Bob', 'steal');
    const played = await scheduleGame(show, 8000, { timings: FAST });
    await claimTicket(show, bob.token, played.gameUuid);
    const later = await scheduleGame(show, 90 * 60_000);
    await scheduleGame(show, 91 * 60_000); // not Bob's
    await claimTicket(show, bob.token, later.gameUuid);
    await waitForEnd(played);

    const [won] = await queryRows<{ pence: number | string }>(
      show.server.app.database.db,
      sql`select coalesce(sum(pence), 0) as pence from payouts where player_id = ${bob.userId}`,
    );
    // Alone in the show, Bob wins every prize.
    expect(Number(won!.pence)).toBeGreaterThan(0);

    const response = await api(base, 'GET', '/api/safety/reality-check', bob.token);
    expect(response.status).toBe(200);
    const check = response.body as unknown as RealityCheck;
    expect(check).toMatchObject({
      realityCheckMinutes: 60,
      showsJoined: 2,
      winningsPence: Number(won!.pence),
    });
    expect(check.playedMs).toBeGreaterThanOrEqual(0);
    expect(new Date(check.at).getTime() - new Date(check.sessionStartedAt).getTime()).toBe(check.playedMs);

    // Eighty minutes later by the service's clock: the same session, the time grows.
    const { sid, iat } = decodeJwt(bob.token) as { sid: string; iat: number };
    const inEightyMinutes = new Date(new Date(check.sessionStartedAt).getTime() + 80 * 60_000);
    const service = new RealityCheckService(
      new RealityCheckRepository(show.server.app.database.db, OPERATOR),
      () => inEightyMinutes,
    );
    const figures = await service.figures({ id: bob.userId, sessionId: sid, issuedAt: iat * 1000 });
    expect(figures).toMatchObject({
      sessionStartedAt: check.sessionStartedAt,
      playedMs: 80 * 60_000,
      showsJoined: 2,
      winningsPence: Number(won!.pence),
    });

    // A later sign-in starts again: nothing claimed, started or won since.
    const fresh = await service.figures({ id: bob.userId, issuedAt: inEightyMinutes.getTime() - 60_000 });
    expect(fresh).toMatchObject({ playedMs: 60_000, showsJoined: 0, winningsPence: 0 });
  }, 90_000);
});
