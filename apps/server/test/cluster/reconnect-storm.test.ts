import { createClient } from 'redis';
import { SOCKET_RECONNECTION } from '@ruthless/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterUnavailable, FAST_SHOW_TIMINGS, postFrom, TestCluster } from '../support/cluster';
import { Viewer } from '../support/live';

// docs/cluster.md, Reconnect storms: every phone of a show drops at once and comes back. Past
// RECOVERY_MAX_VIEWERS a process recovers no session, so no phone reads Redis's stream (XRANGE):
// each joins again from its last seq and is caught up from the database.
const unavailable = clusterUnavailable();

const PHONES = 16;
const addressOf = (i: number) => `127.0.3.${i + 1}`;

/** How many XRANGE calls the Redis server has answered since it started. */
async function rangeReads(redis: { info(section: string): Promise<string> }): Promise<number> {
  const stats = await redis.info('commandstats');
  return Number(/cmdstat_xrange:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

describe.skipIf(unavailable)(
  `a reconnect storm on two processes behind nginx${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: TestCluster | undefined;
    const phones: Viewer[] = [];
    const redis = createClient({ url: process.env.REDIS_URL });
    afterAll(async () => {
      for (const phone of phones.splice(0)) phone.close();
      await cluster?.stop();
      if (redis.isOpen) await redis.quit();
    });

    it('catches every phone up from the database, each ball once and in order, with no range read of the stream', async () => {
      await redis.connect();
      // About eight phones a process, over the limit of one. nginx spreads them by a consistent
      // hash of the address, so a split can be uneven: with a limit of four, one run in two or
      // three here had a process recover its phones (12 range reads of the stream).
      cluster = await TestCluster.start(2, { RECOVERY_MAX_VIEWERS: '1' });
      const players = await cluster.players(PHONES, 'Storm', { registered: true });
      const show = await cluster.game({
        startsInMs: 4000,
        maxTickets: PHONES,
        timings: FAST_SHOW_TIMINGS,
      });
      const claims = await Promise.all(
        players.map((player, i) =>
          postFrom(
            addressOf(i),
            `${cluster!.url}/api/claim-ticket`,
            { authorization: player.token },
            { gameUuid: show.gameId, roomUuid: show.roomId },
          ),
        ),
      );
      expect(claims.map((response) => response.status)).toEqual(players.map(() => 201));
      for (const [i, player] of players.entries())
        phones.push(
          await Viewer.join(cluster.url, player.token, show.gameId, {
            localAddress: addressOf(i),
            ...SOCKET_RECONNECTION,
          } as object),
        );

      const first = phones[0]!;
      await first.waitFor(() => first.balls.length >= 3, 30_000);
      const readsBefore = await rangeReads(redis);
      // The network goes, for every phone at once; each comes back on its own reconnection.
      for (const phone of phones) phone.socket.io.engine.close();
      await Promise.all(phones.map((phone) => phone.waitFor((m) => m.event.type === 'game-ended', 90_000)));

      expect(await rangeReads(redis)).toBe(readsBefore);
      const drawn = first.balls;
      expect(drawn.length).toBeGreaterThan(5);
      for (const [i, phone] of phones.entries()) {
        expect(
          phone.drops.map((drop) => drop.recovered),
          `phone ${i} came back and was caught up by a join`,
        ).toEqual([false]);
        expect(phone.balls, `phone ${i}'s balls`).toEqual(drawn);
        const seqs = phone.messages.map((message) => message.seq);
        expect(seqs, `phone ${i}: every event once, in order`).toEqual(
          Array.from({ length: seqs.length }, (_, k) => seqs[0]! + k),
        );
      }
    });
  },
);
