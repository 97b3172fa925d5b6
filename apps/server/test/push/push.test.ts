import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PushMessage, type PushPreferences } from '@ruthless/protocol';
import { queryRows } from '../../src/db/database';
import { PushRepository } from '../../src/push/push.repository';
import { PushService, vapidKeysFromSecret } from '../../src/push/push.service';
import { AuthRepository } from '../../src/auth/auth.repository';
import { LocalPushService, pushServiceUnavailable, type TestBrowser } from '../support/push-service';
import { api, Viewer } from '../support/live';
import {
  claimTicket,
  playerWithDetails,
  scheduleGame,
  SHOW_IN_SECONDS,
  startShow,
  type Show,
} from '../support/show';

// Web Push (docs/player-app.md, "Notifications"), end to end without the internet: the app's
// subscriptions, and pushes taken by a push service on this machine that checks their VAPID
// signature and decrypts them with the subscribing browser's keys, as a browser vendor's does.

let push: LocalPushService;
let show: Show;
let base: string;

beforeAll(async () => {
  if (pushServiceUnavailable) return;
  push = await LocalPushService.start();
  show = await startShow({
    host: 'host@push.test',
    room: { name: 'Push <Room>', theme: 'RED', roomImage: '/rooms/gold-rush.svg' },
    env: { PUSH_SERVICE_ORIGINS: push.origin },
    // The test's services sweep, each on the clock of its choosing.
    sendReminders: false,
  });
  base = show.server.url;
});

afterAll(async () => {
  await show?.server.close();
  await push?.close();
});

/** A push service as a process runs it, on `clock`, through the local service's certificate. */
function pushProcess(clock: () => Date) {
  const { db } = show.server.app.database;
  return new PushService(
    new PushRepository(db),
    async () => vapidKeysFromSecret(await new AuthRepository(db).ensureSecret('web-push-vapid')),
    {
      subject: 'mailto:push@push.test',
      extraOrigins: [push.origin],
      agent: push.agent,
      log: show.server.app.fastify.log,
      clock,
    },
  );
}

/** A fixed-offset zone whose clock reads `hour` o'clock at `at` (Etc/GMT-N is UTC+N). */
function zoneAtHour(at: Date, hour: number): string {
  const offset = (((hour - at.getUTCHours()) % 24) + 24) % 24;
  const signed = offset > 12 ? offset - 24 : offset;
  return signed === 0 ? 'Etc/UTC' : `Etc/GMT${signed > 0 ? '-' : '+'}${Math.abs(signed)}`;
}

const subscribe = (token: string, browser: TestBrowser) =>
  api(base, 'POST', '/api/push/subscriptions', token, browser.subscription);

/** A room of its own: its green rooms and followers are the test's alone. */
async function ownRoom(name: string): Promise<Show> {
  const room = await api(base, 'POST', '/api/host/rooms', show.hostToken, {
    name,
    theme: 'GOLD',
    roomImage: '/rooms/gold-rush.svg',
  });
  expect(room.status, JSON.stringify(room.body)).toBe(201);
  return { ...show, roomUuid: room.body.roomUuid as string };
}

const follow = (token: string, room: Show) => api(base, 'PUT', `/api/push/follows/${room.roomUuid}`, token);

async function openGreenRoom(gameUuid: string): Promise<void> {
  const opened = await api(base, 'POST', `/api/host/games/${gameUuid}/open-green-room`, show.hostToken);
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
}

const clock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);

describe.skipIf(pushServiceUnavailable)(
  `web push${pushServiceUnavailable ? ` (skipped: ${pushServiceUnavailable})` : ''}`,
  () => {
    it('refuses a subscription to anything but a push service, or with bad keys, and stores nothing', async () => {
      const ann = await playerWithDetails(base, 'PushAnn');
      const good = push.browser().subscription;
      const refused = [
        { ...good, endpoint: 'http://127.0.0.1:9/push/x' },
        { ...good, endpoint: 'https://169.254.169.254/latest/meta-data' },
        { ...good, endpoint: 'https://fcm.googleapis.com.evil.example/push' },
        { ...good, keys: { ...good.keys, p256dh: 'not-a-key' } },
        { ...good, keys: { ...good.keys, auth: `${good.keys.auth}<b>` } },
        { ...good, timeZone: 'Mars/Olympus_Mons' },
        { ...good, extra: true },
      ];
      const answers = await Promise.all(
        refused.map((body) => api(base, 'POST', '/api/push/subscriptions', ann.token, body)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(refused.map(() => 400));
      expect(JSON.stringify(answers[1]!.body)).toContain(PushMessage.badEndpoint);
      expect(JSON.stringify(answers[5]!.body)).toContain(PushMessage.badTimeZone);
      expect((await api(base, 'POST', '/api/push/subscriptions', null, good)).status).toBe(401);
      expect(await new PushRepository(show.server.app.database.db).subscriptions(ann.userId)).toEqual([]);
    });

    it('pushes a claimed show 10 minutes before, once across racing processes, signed and encrypted, and not in quiet hours', async () => {
      const bea = await playerWithDetails(base, 'PushBea');
      const game = await scheduleGame(show, 5 * 60_000);
      await claimTicket(show, bea.token, game.gameUuid);
      const sweptAt = new Date(Date.parse(game.gameStartTime) - 3 * 60_000);
      const awake = push.browser(zoneAtHour(sweptAt, 20));
      const asleep = push.browser(zoneAtHour(sweptAt, 2));
      for (const browser of [awake, asleep]) expect((await subscribe(bea.token, browser)).status).toBe(204);

      const sent = await Promise.all(
        [pushProcess(() => sweptAt), pushProcess(() => sweptAt)].map((p) => p.sweep()),
      );
      expect(sent.reduce((a, b) => a + b)).toBe(1);
      expect(await pushProcess(() => sweptAt).sweep()).toBe(0);

      expect(push.pushesTo(asleep)).toEqual([]);
      const [received, ...more] = push.pushesTo(awake);
      expect(more).toEqual([]);
      expect(received!.notification).toEqual({
        kind: 'show-start',
        title: 'Push <Room> starts in 3 minutes',
        body: `Your ticket is in. Take your seat in the green room before ${new Intl.DateTimeFormat('en-GB', { timeZone: awake.subscription.timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(game.gameStartTime))}.`,
        url: `/game/${game.gameUuid}`,
        tag: `show-${game.gameUuid}`,
      });
      // Kept by the push service until the show starts, delivered at once, one per show.
      expect(received!.ttl).toBe(180);
      expect(received!.urgency).toBe('high');
      expect(received!.topic).toBe(game.gameUuid.replaceAll('-', ''));
      // Signed with the key the app subscribes with, for this push service, for at most a day.
      const { publicKey } = (await api(base, 'GET', '/api/push/key', null)).body as { publicKey: string };
      expect(received!.vapidKey).toBe(publicKey);
      expect(received!.vapid.aud).toBe(push.origin);
      expect(received!.vapid.sub).toBe('mailto:push@push.test');
      expect(received!.vapid.exp * 1000).toBeGreaterThan(Date.now());
      expect(received!.vapid.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    });

    it('pushes in quiet hours a show the player asked to be reminded of, ticket or not, never during a break', async () => {
      const cal = await playerWithDetails(base, 'PushCal');
      const dee = await playerWithDetails(base, 'PushDee');
      const zoe = await playerWithDetails(base, 'PushZoe');
      const game = await scheduleGame(show, 5 * 60_000);
      const sweptAt = new Date(Date.parse(game.gameStartTime) - 4 * 60_000);
      const calsPhone = push.browser(zoneAtHour(sweptAt, 1));
      const deesPhone = push.browser(zoneAtHour(sweptAt, 19));
      for (const [player, browser] of [
        [cal, calsPhone],
        [dee, deesPhone],
      ] as const) {
        await claimTicket(show, player.token, game.gameUuid);
        expect((await subscribe(player.token, browser)).status).toBe(204);
      }
      expect(
        (await api(base, 'POST', '/api/safety/reminders', cal.token, { gameUuid: game.gameUuid })).status,
      ).toBe(201);
      expect((await api(base, 'POST', '/api/safety/break', dee.token, { period: '24h' })).status).toBe(201);
      // Zoe only asked to be reminded (Remind Me), at night on her phone: told, with a ticket to claim.
      const zoesPhone = push.browser(zoneAtHour(sweptAt, 2));
      expect((await subscribe(zoe.token, zoesPhone)).status).toBe(204);
      expect(
        (await api(base, 'POST', '/api/safety/reminders', zoe.token, { gameUuid: game.gameUuid })).status,
      ).toBe(201);

      expect(await pushProcess(() => sweptAt).sweep()).toBe(2);
      expect(push.pushesTo(calsPhone).map((received) => received.notification.title)).toEqual([
        'Push <Room> starts in 4 minutes',
      ]);
      expect(push.pushesTo(deesPhone)).toEqual([]);
      const start = clock(new Date(game.gameStartTime), zoneAtHour(sweptAt, 2));
      expect(push.pushesTo(zoesPhone).map((received) => received.notification)).toEqual([
        expect.objectContaining({
          title: 'Push <Room> starts in 4 minutes',
          body: `Claim your free ticket and take your seat before ${start}.`,
          url: `/game/${game.gameUuid}`,
        }),
      ]);
    });

    it('forgets a subscription its push service says is gone, and one the player ends', async () => {
      const eve = await playerWithDetails(base, 'PushEve');
      const game = await scheduleGame(show, 5 * 60_000);
      await claimTicket(show, eve.token, game.gameUuid);
      const sweptAt = new Date(Date.parse(game.gameStartTime) - 2 * 60_000);
      const gone = push.browser(zoneAtHour(sweptAt, 12));
      const kept = push.browser(zoneAtHour(sweptAt, 12));
      const ended = push.browser(zoneAtHour(sweptAt, 12));
      for (const browser of [gone, kept, ended])
        expect((await subscribe(eve.token, browser)).status).toBe(204);
      expect(
        (
          await api(base, 'POST', '/api/push/unsubscribe', eve.token, {
            endpoint: ended.subscription.endpoint,
          })
        ).status,
      ).toBe(204);
      push.answer(gone.subscription.endpoint, 410);

      await pushProcess(() => sweptAt).sweep();
      expect(push.pushesTo(kept)).toHaveLength(1);
      expect(push.pushesTo(ended)).toEqual([]);
      const left = await new PushRepository(show.server.app.database.db).subscriptions(eve.userId);
      expect(left.map((subscription) => subscription.endpoint)).toEqual([kept.subscription.endpoint]);
    });

    it("follows and stops following a room for the token's player only, refusing bad ids and unknown rooms", async () => {
      const fay = await playerWithDetails(base, 'PushFay');
      const gus = await playerWithDetails(base, 'PushGus');
      const room = await ownRoom('Follow Room');
      expect((await follow(fay.token, room)).status).toBe(204);
      expect((await follow(fay.token, room)).status).toBe(204);
      expect((await api(base, 'GET', '/api/push/follows', fay.token)).body).toEqual({
        roomUuids: [room.roomUuid],
      });
      expect((await api(base, 'GET', '/api/push/follows', gus.token)).body).toEqual({ roomUuids: [] });

      const notAnId = await api(base, 'PUT', '/api/push/follows/not-a-room', fay.token);
      expect(notAnId.status).toBe(400);
      expect(JSON.stringify(notAnId.body)).toContain('roomUuid must be a valid id');
      for (const method of ['PUT', 'DELETE']) {
        const unknown = await api(base, method, `/api/push/follows/${crypto.randomUUID()}`, fay.token);
        expect(unknown.status).toBe(404);
        expect(JSON.stringify(unknown.body)).toContain(PushMessage.roomNotFound);
      }
      for (const [method, path] of [
        ['GET', '/api/push/follows'],
        ['PUT', `/api/push/follows/${room.roomUuid}`],
        ['DELETE', `/api/push/follows/${room.roomUuid}`],
        ['GET', '/api/push/preferences'],
        ['PUT', '/api/push/preferences'],
      ] as const)
        expect(
          (await api(base, method, path, null, method === 'PUT' && path.endsWith('s') ? {} : undefined))
            .status,
        ).toBe(401);

      // Gus stopping is no change to Fay's follow.
      expect((await api(base, 'DELETE', `/api/push/follows/${room.roomUuid}`, gus.token)).status).toBe(204);
      expect((await api(base, 'GET', '/api/push/follows', fay.token)).body).toEqual({
        roomUuids: [room.roomUuid],
      });
      expect((await api(base, 'DELETE', `/api/push/follows/${room.roomUuid}`, fay.token)).status).toBe(204);
      expect((await api(base, 'GET', '/api/push/follows', fay.token)).body).toEqual({ roomUuids: [] });

      // The kinds: all on by default, each switched on its own, a bad body refused.
      expect((await api(base, 'GET', '/api/push/preferences', fay.token)).body).toEqual({
        showStarts: true,
        followedRooms: true,
        wins: true,
      });
      const some: PushPreferences = { showStarts: true, followedRooms: false, wins: true };
      expect((await api(base, 'PUT', '/api/push/preferences', fay.token, some)).body).toEqual(some);
      expect((await api(base, 'GET', '/api/push/preferences', fay.token)).body).toEqual(some);
      expect((await api(base, 'GET', '/api/push/preferences', gus.token)).body).toMatchObject({
        followedRooms: true,
      });
      const bad = await api(base, 'PUT', '/api/push/preferences', fay.token, { ...some, wins: 'yes' });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('wins must be true or false');
      expect((await api(base, 'PUT', '/api/push/preferences', fay.token, { ...some, extra: 1 })).status).toBe(
        400,
      );
    });

    it("pushes a followed room's green room to its followers once: not to others, not on a break, not in quiet hours, not with the kind off", async () => {
      const room = await ownRoom('Green <Room>');
      const game = await scheduleGame(room, 30 * 60_000);
      const sweptAt = new Date(Date.parse(game.gameStartTime) - 20 * 60_000);
      const phones: Record<string, TestBrowser> = {};
      for (const [alias, hour, follows] of [
        ['PushHal', 19, true],
        ['PushIvy', 19, false], // follows nothing
        ['PushJon', 19, true], // on a break
        ['PushKit', 1, true], // asleep
        ['PushLea', 19, true], // turned the kind off
      ] as const) {
        const player = await playerWithDetails(base, alias);
        phones[alias] = push.browser(zoneAtHour(sweptAt, hour));
        expect((await subscribe(player.token, phones[alias]!)).status).toBe(204);
        if (follows) expect((await follow(player.token, room)).status).toBe(204);
        if (alias === 'PushJon')
          expect((await api(base, 'POST', '/api/safety/break', player.token, { period: '24h' })).status).toBe(
            201,
          );
        if (alias === 'PushLea')
          expect(
            (
              await api(base, 'PUT', '/api/push/preferences', player.token, {
                showStarts: true,
                followedRooms: false,
                wins: true,
              })
            ).status,
          ).toBe(200);
      }
      // Nothing while the show is only scheduled.
      await pushProcess(() => sweptAt).sweep();
      expect(push.pushesTo(phones.PushHal!)).toEqual([]);

      await openGreenRoom(game.gameUuid);
      const sent = await Promise.all(
        [pushProcess(() => sweptAt), pushProcess(() => sweptAt)].map((p) => p.sweep()),
      );
      expect(sent.reduce((a, b) => a + b)).toBe(1);
      expect(await pushProcess(() => sweptAt).sweep()).toBe(0);
      const [received, ...more] = push.pushesTo(phones.PushHal!);
      expect(more).toEqual([]);
      expect(received!.notification).toEqual({
        kind: 'green-room',
        title: 'Green <Room>: the green room is open',
        body: `The show starts at ${clock(new Date(game.gameStartTime), phones.PushHal!.subscription.timeZone)}. Grab a ticket and take your seat.`,
        url: `/game/${game.gameUuid}`,
        tag: `show-${game.gameUuid}`,
      });
      expect(received!.ttl).toBe(20 * 60);
      for (const alias of ['PushIvy', 'PushJon', 'PushKit', 'PushLea'])
        expect(push.pushesTo(phones[alias]!), alias).toEqual([]);
      // The asleep follower's slot went by: not sent once awake.
      await pushProcess(() => new Date(sweptAt.getTime() + 5 * 60_000)).sweep();
      expect(push.pushesTo(phones.PushKit!)).toEqual([]);
    });

    it('sends a claimed follower one notification before a show, whichever of the two comes first', async () => {
      const room = await ownRoom('Slot Room');
      // The green room opens before the 10-minute push: that one goes, the show-start does not.
      const early = await scheduleGame(room, 30 * 60_000);
      // The 10-minute push before the green room: the green room's does not follow it.
      const late = await scheduleGame(room, 40 * 60_000);
      const mo = await playerWithDetails(base, 'PushMo');
      const phone = push.browser(zoneAtHour(new Date(early.gameStartTime), 18));
      expect((await subscribe(mo.token, phone)).status).toBe(204);
      expect((await follow(mo.token, room)).status).toBe(204);
      for (const game of [early, late]) await claimTicket(room, mo.token, game.gameUuid);

      await openGreenRoom(early.gameUuid);
      await pushProcess(() => new Date(Date.parse(early.gameStartTime) - 20 * 60_000)).sweep();
      await pushProcess(() => new Date(Date.parse(early.gameStartTime) - 5 * 60_000)).sweep();

      await pushProcess(() => new Date(Date.parse(late.gameStartTime) - 8 * 60_000)).sweep();
      await openGreenRoom(late.gameUuid);
      await pushProcess(() => new Date(Date.parse(late.gameStartTime) - 6 * 60_000)).sweep();

      expect(
        push.pushesTo(phone).map((received) => [received.notification.kind, received.notification.url]),
      ).toEqual([
        ['green-room', `/game/${early.gameUuid}`],
        ['show-start', `/game/${late.gameUuid}`],
      ]);
      // A follower with a ticket is not told to grab one.
      expect(push.pushesTo(phone)[0]!.notification.body).toBe(
        `The show starts at ${clock(new Date(early.gameStartTime), phone.subscription.timeZone)}. Your ticket is in: take your seat.`,
      );
    });

    it('does not push a claimed show to a player who turned that kind off', async () => {
      const room = await ownRoom('Quiet Kinds Room');
      const game = await scheduleGame(room, 30 * 60_000);
      const ned = await playerWithDetails(base, 'PushNed');
      const sweptAt = new Date(Date.parse(game.gameStartTime) - 5 * 60_000);
      const phone = push.browser(zoneAtHour(sweptAt, 12));
      expect((await subscribe(ned.token, phone)).status).toBe(204);
      await claimTicket(room, ned.token, game.gameUuid);
      await api(base, 'PUT', '/api/push/preferences', ned.token, {
        showStarts: false,
        followedRooms: true,
        wins: true,
      });
      await pushProcess(() => sweptAt).sweep();
      expect(push.pushesTo(phone)).toEqual([]);
    });

    it('tells a winner who left before the results what they won, once, at 08:00 if the results came at night; not one who stayed', async () => {
      const room = await ownRoom('Midnight <Madness>');
      const ola = await playerWithDetails(base, 'PushOla');
      const pam = await playerWithDetails(base, 'PushPam');
      const now = new Date();
      // Ola's phone reads 03:00 when the show ends (give or take the show's minute).
      const olasPhone = push.browser(zoneAtHour(now, 3));
      const pamsPhone = push.browser(zoneAtHour(now, 15));
      expect((await subscribe(ola.token, olasPhone)).status).toBe(204);
      expect((await subscribe(pam.token, pamsPhone)).status).toBe(204);
      // The shows start within 3 s: made once the players are ready, so that a loaded machine's
      // sign-ups cannot let one start with no ticket claimed (cancelled).
      const away = await scheduleGame(room, 2500, { timings: SHOW_IN_SECONDS });
      const stayed = await scheduleGame(room, 3000, { timings: SHOW_IN_SECONDS });
      // One player each: they win every prize of their show. Ola is not watching; Pam is.
      const audience = await Viewer.join(base, null, away.gameUuid);
      const pams = await Viewer.join(base, pam.token, stayed.gameUuid);
      await claimTicket(room, ola.token, away.gameUuid);
      await claimTicket(room, pam.token, stayed.gameUuid);
      await audience.waitFor((message) => message.event.type === 'game-ended', 90_000);
      await pams.waitFor((message) => message.event.type === 'game-ended', 90_000);

      const { db } = show.server.app.database;
      const payouts = await vi.waitFor(
        async () => {
          const rows = await queryRows<{ game_id: string; pence: number; watched_results: boolean | null }>(
            db,
            sql`select game_id, pence, watched_results from payouts
                where game_id in (${away.gameUuid}, ${stayed.gameUuid}) order by game_id`,
          );
          if (rows.length < 2 || rows.some((row) => row.watched_results === null))
            throw new Error('the winners watching are not noted yet');
          return rows;
        },
        { timeout: 10_000, interval: 100 },
      );
      // Pam leaves once her presence at the results is noted (it is read as they go out).
      audience.close();
      pams.close();
      const olasWin = payouts.find((row) => row.game_id === away.gameUuid)!;
      expect(olasWin.watched_results).toBe(false);
      expect(payouts.find((row) => row.game_id === stayed.gameUuid)!.watched_results).toBe(true);
      expect(olasWin.pence).toBeGreaterThan(0);

      // 03:00 on Ola's phone: held back. 08:00: sent, once.
      expect(await pushProcess(() => now).sweep()).toBe(0);
      expect(push.pushesTo(olasPhone)).toEqual([]);
      const atEight = new Date(now.getTime() + 5 * 3600_000);
      expect(await pushProcess(() => atEight).sweep()).toBe(1);
      expect(await pushProcess(() => new Date(atEight.getTime() + 60_000)).sweep()).toBe(0);
      const [received, ...more] = push.pushesTo(olasPhone);
      expect(more).toEqual([]);
      const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(
        olasWin.pence / 100,
      );
      expect(received!.notification).toEqual({
        kind: 'you-won',
        title: `You won ${pounds} in Midnight <Madness>`,
        body: 'The show ended after you left. Tap to see the results.',
        url: `/game/${away.gameUuid}/results`,
        tag: `won-${away.gameUuid}`,
      });
      // Kept by the push service until a day after the end (a minute or so after `now`).
      expect(received!.ttl).toBeGreaterThan(19 * 3600);
      expect(received!.ttl).toBeLessThanOrEqual(19 * 3600 + 120);
      expect(push.pushesTo(pamsPhone)).toEqual([]);
    }, 150_000);
  },
);
