import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushMessage } from '@ruthless/protocol';
import { PushRepository } from '../../src/push/push.repository';
import { PushService, vapidKeysFromSecret } from '../../src/push/push.service';
import { AuthRepository } from '../../src/auth/auth.repository';
import { LocalPushService, pushServiceUnavailable, type TestBrowser } from '../support/push-service';
import { api } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';

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

    it('pushes in quiet hours a show the player asked to be reminded of, never during a break', async () => {
      const cal = await playerWithDetails(base, 'PushCal');
      const dee = await playerWithDetails(base, 'PushDee');
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

      expect(await pushProcess(() => sweptAt).sweep()).toBe(1);
      expect(push.pushesTo(calsPhone).map((received) => received.notification.title)).toEqual([
        'Push <Room> starts in 4 minutes',
      ]);
      expect(push.pushesTo(deesPhone)).toEqual([]);
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
  },
);
