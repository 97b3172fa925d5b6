import type { GameResults, PlayerRenamedPayload } from '@ruthless/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { forgetRedisKeys } from '../support/cluster';
import { api, provenHost, Viewer } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';
import { createScratchDatabase, startTestApp, type TestApp } from '../support/test-app';

// Issue 31 item 1: a name follows the profile at once on every screen, on every process; an
// ended show's results keep the names of its end.
const HOST = 'host@ruthless.test';
let show: Show;
// Through the draw quickly, with a final long enough to act in.
const FAST = {
  greenRoomMs: 1500,
  reelsMs: 100,
  luckyFateMs: 100,
  ballIntervalMs: 100,
  ruthlessMs: 6000,
  revealMs: 100,
};

beforeAll(async () => {
  show = await startShow({
    host: HOST,
    room: { name: 'Names Room', theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
  });
});
afterAll(async () => {
  await show?.server.close();
});

const rename = (token: string, alias: string) =>
  api(show.server.url, 'PATCH', '/api/operator/user', token, {
    alias,
    phoneNumber: '07911 123456',
    ruthlessChoice: 'share',
  });

function renamesOf(viewer: Viewer): PlayerRenamedPayload[] {
  const seen: PlayerRenamedPayload[] = [];
  viewer.socket.on('player:renamed', (payload) => seen.push(payload));
  return seen;
}

describe('names in a show', () => {
  it('follow a rename and a host reset at once, and the results keep the names of the end', async () => {
    const ann = await playerWithDetails(show.server.url, 'Ann', 'share');
    const ben = await playerWithDetails(show.server.url, 'Ben', 'steal');
    const game = await scheduleGame(show, 2000, { timings: FAST });
    for (const player of [ann, ben]) await claimTicket(show, player.token, game.gameUuid);
    const annView = await Viewer.join(show.server.url, ann.token, game.gameUuid);
    const benView = await Viewer.join(show.server.url, ben.token, game.gameUuid);
    const pushed = renamesOf(benView);

    // The final names both finalists: the names the screens show are the profiles'.
    const final = await benView.waitFor((message) => message.event.type === 'ruthless-started', 60_000);
    expect(final.view.names[ann.userId]).toBe('Ann');

    // Ann renames herself mid-final: pushed to the game at once, and the next event shows it.
    expect((await rename(ann.token, 'Annie')).status).toBe(200);
    await expect
      .poll(() => pushed)
      .toContainEqual({
        gameUuid: game.gameUuid,
        playerUuid: ann.userId,
        name: 'Annie',
        aliasReset: false,
      });
    expect(
      await benView.socket.emitWithAck('game:choice', { gameUuid: game.gameUuid, choice: 'steal' }),
    ).toEqual({ ok: true });
    const chosen = await benView.waitFor((message) => message.event.type === 'choice-made');
    expect(chosen.view.names[ann.userId]).toBe('Annie');
    // A viewer joining now sees it too.
    const late = await Viewer.join(show.server.url, null, game.gameUuid);
    expect(late.snapshot!.view.names[ann.userId]).toBe('Annie');

    // The host resets Ben's alias: pushed as a reset, shown as 'Player'.
    const reset = await api(
      show.server.url,
      'POST',
      `/api/host/players/${ben.userId}/reset-alias`,
      show.hostToken,
    );
    expect(reset.status).toBe(204);
    await expect
      .poll(() => pushed)
      .toContainEqual({
        gameUuid: game.gameUuid,
        playerUuid: ben.userId,
        name: 'Player',
        aliasReset: true,
      });

    const ended = await benView.waitFor((message) => message.event.type === 'game-ended', 30_000);
    expect(ended.view.names).toMatchObject({ [ann.userId]: 'Annie', [ben.userId]: 'Player' });

    // After the end, a rename changes neither the results nor the ended game's view.
    expect((await rename(ann.token, 'AnnLater')).status).toBe(200);
    const { status, body } = await api(show.server.url, 'GET', `/api/games/${game.gameUuid}/results`, null);
    expect(status).toBe(200);
    const results = body as unknown as GameResults;
    expect(results.payouts.map((payout) => payout.name).sort()).toEqual(['Annie', 'Player']);
    expect(results.finalists.map((finalist) => finalist.name).sort()).toEqual(['Annie', 'Player']);
    const afterwards = await Viewer.join(show.server.url, null, game.gameUuid);
    expect(afterwards.snapshot!.view.names[ann.userId]).toBe('Annie');
    // No game left open for Ann: nothing is pushed for the later rename.
    expect(pushed.filter((payload) => payload.name === 'AnnLater')).toEqual([]);

    for (const viewer of [annView, benView, late, afterwards]) viewer.close();
  }, 90_000);

  it("a reset from the game's console is pushed as a reset too, to the player's own screen", async () => {
    const cat = await playerWithDetails(show.server.url, 'Cat', 'share');
    // In the green room for the whole test.
    const game = await scheduleGame(show, 60_000, { timings: { ...FAST, greenRoomMs: 120_000 } });
    await claimTicket(show, cat.token, game.gameUuid);
    const catView = await Viewer.join(show.server.url, cat.token, game.gameUuid);
    const pushed = renamesOf(catView);
    const reset = await api(
      show.server.url,
      'POST',
      `/api/host/games/${game.gameUuid}/players/${cat.userId}/reset-alias`,
      show.hostToken,
    );
    expect(reset.status).toBe(204);
    await expect
      .poll(() => pushed)
      .toContainEqual({ gameUuid: game.gameUuid, playerUuid: cat.userId, name: 'Player', aliasReset: true });
    catView.close();
  }, 60_000);
});

// Two processes on one PostgreSQL and one Redis: a rename answered by one process shows on the
// other's viewers and in the other's views.
const unavailable =
  process.env.DATABASE_URL && process.env.REDIS_URL ? undefined : 'needs DATABASE_URL and REDIS_URL';
describe.skipIf(unavailable)(
  `names over two processes${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const apps: TestApp[] = [];
    let database: { url: string; drop(): Promise<void> };
    const prefix = `test:player-names:${randomUUID()}:`;
    beforeAll(async () => {
      database = await createScratchDatabase(process.env.DATABASE_URL!);
      const env = { DATABASE_URL: database.url, REDIS_PREFIX: prefix, ADMIN_EMAILS: HOST };
      apps.push(await startTestApp(env, { reachablePublicUrl: true }));
      // One public address for both, as behind a balancer: the identity tokens name it.
      apps.push(await startTestApp({ ...env, PUBLIC_URL: apps[0]!.url }));
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database?.drop();
      await forgetRedisKeys(prefix);
    });

    it("shows a rename made on one process in the other process's views at once", async () => {
      const [one, two] = apps as [TestApp, TestApp];
      const { token: hostToken } = await provenHost(one.url, HOST);
      const room = await api(one.url, 'POST', '/api/host/rooms', hostToken, {
        name: 'Two Processes',
        theme: 'RED',
        roomImage: '/rooms/ruby-rush.svg',
      });
      const cy = await playerWithDetails(one.url, 'Cyd', 'share');
      const di = await playerWithDetails(one.url, 'Dina', 'steal');
      const created = await api(
        one.url,
        'POST',
        `/api/host/rooms/${room.body.roomUuid as string}/games`,
        hostToken,
        {
          gameStartTime: new Date(Date.now() + 2000).toISOString(),
          maxTickets: 10,
          prizeLuckyFateSelections: 'in-game',
          prizes: { oneLine: 1000, twoLines: 2000, fullHouse: 10_000 },
          timings: FAST,
        },
      );
      expect(created.status).toBe(201);
      const gameUuid = created.body.gameUuid as string;
      for (const player of [cy, di]) {
        const claim = await api(one.url, 'POST', '/api/claim-ticket', player.token, {
          gameUuid,
          roomUuid: room.body.roomUuid,
        });
        expect(claim.status).toBe(201);
      }
      const diView = await Viewer.join(two.url, di.token, gameUuid);
      const pushed = renamesOf(diView);
      const final = await diView.waitFor((message) => message.event.type === 'ruthless-started', 60_000);
      expect(final.view.names[cy.userId]).toBe('Cyd');

      // Renamed through the first process; the viewer is on the other.
      const renamed = await api(one.url, 'PATCH', '/api/operator/user', cy.token, {
        alias: 'Cyrus',
        phoneNumber: '07911 123456',
        ruthlessChoice: 'share',
      });
      expect(renamed.status).toBe(200);
      await expect.poll(() => pushed.map((payload) => payload.name)).toContain('Cyrus');
      const late = await Viewer.join(two.url, null, gameUuid);
      expect(late.snapshot!.view.names[cy.userId]).toBe('Cyrus');
      for (const viewer of [diView, late]) viewer.close();
    }, 120_000);
  },
);
