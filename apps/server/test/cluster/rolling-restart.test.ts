import { and, eq, isNull } from 'drizzle-orm';
import { SOCKET_RECONNECTION, type ClaimResponse, type LiveGameMessage } from '@ruthless/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { chatMessages, tickets } from '../../src/db/schema';
import { clusterUnavailable, postFrom, TestCluster } from '../support/cluster';
import { Viewer } from '../support/live';

// docs/operations.md: every process of a live show restarted in turn (`npm run cluster`'s SIGHUP,
// as a deploy does) while 50 phones watch the draw, claim tickets for the next show and chat.
const unavailable = clusterUnavailable();

const PHONES = 50;
const addressOf = (i: number) => `127.0.2.${i + 1}`;
const BALL_INTERVAL_MS = 400;

describe.skipIf(unavailable)(
  `a rolling restart of two processes behind nginx${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: TestCluster | undefined;
    const phones: Viewer[] = [];
    afterAll(async () => {
      for (const phone of phones.splice(0)) phone.close();
      await cluster?.stop();
    });

    it('loses no ball, claim or chat message, and the draw never stops for 2 s', async () => {
      cluster = await TestCluster.start(2);
      const players = await cluster.players(PHONES, 'Phone', { registered: true });
      const show = await cluster.game({
        startsInMs: 5000,
        maxTickets: PHONES,
        timings: {
          greenRoomMs: 2000,
          reelsMs: 100,
          luckyFateMs: 100,
          ballIntervalMs: BALL_INTERVAL_MS,
          ruthlessMs: 500,
          revealMs: 100,
        },
      });
      const nextShow = await cluster.game({ startsInMs: 3_600_000, maxTickets: PHONES });
      const claim = (i: number, game: { gameId: string; roomId: string }) =>
        postFrom(
          addressOf(i),
          `${cluster!.url}/api/claim-ticket`,
          { authorization: players[i]!.token },
          { gameUuid: game.gameId, roomUuid: game.roomId },
        ).catch((error: Error) => ({ status: 0, body: error.message }));
      const claims = await Promise.all(players.map((_, i) => claim(i, show)));
      expect(claims.map((response) => response.status)).toEqual(players.map(() => 201));

      // When each phone saw each new ball: the missed ones come in a burst after a reconnection.
      const ballTimes = new Map<Viewer, number[]>();
      for (const [i, player] of players.entries()) {
        // The app's own reconnection settings.
        const phone = await Viewer.join(cluster.url, player.token, show.gameId, {
          localAddress: addressOf(i),
          ...SOCKET_RECONNECTION,
        } as object);
        phones.push(phone);
        ballTimes.set(phone, []);
      }
      const sampler = setInterval(() => {
        const now = Date.now();
        for (const phone of phones) {
          const times = ballTimes.get(phone)!;
          while (times.length < phone.balls.length) times.push(now);
        }
      }, 10);

      const first = phones[0]!;
      await first.waitFor(() => first.balls.length >= 4, 30_000);
      const runner = await cluster.runnerOf(show.gameId);
      expect(runner).toBeDefined();

      // During the roll: every phone claims a ticket for the next show and says something.
      const rolled = cluster.roll();
      const runnerStopped = cluster.printed(new RegExp(`stopping server \\d+ \\(pid ${runner!.pid}\\)`));
      let handoverMs: number | undefined;
      void runnerStopped.then(async () => {
        const stoppedAt = Date.now();
        for (;;) {
          const now = await cluster!.runnerOf(show.gameId);
          if (now && now.pid !== runner!.pid) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        handoverMs = Date.now() - stoppedAt;
      });
      const during: Promise<{ i: number; claim: { status: number; body: string }; chat: number }>[] = [];
      for (const i of players.keys()) {
        during.push(
          (async () => ({
            i,
            claim: await claim(i, nextShow),
            chat: (
              await postFrom(
                addressOf(i),
                `${cluster!.url}/api/chat`,
                { authorization: players[i]!.token },
                { gameUuid: show.gameId, roomUuid: show.roomId, chatContent: `hello from phone ${i}` },
              ).catch(() => ({ status: 0, body: '' }))
            ).status,
          }))(),
        );
        // The phones' requests spread over the roll (a span of it), not a wait for an event.
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      const sent = await Promise.all(during);
      const rolledProcesses = await rolled;
      for (const phone of phones)
        await phone.waitFor((message: LiveGameMessage) => message.event.type === 'game-ended', 90_000);
      clearInterval(sampler);

      // Every phone got every ball once, in the drawn order.
      const db = cluster.app.database.db;
      const drawn = first.balls;
      expect(drawn.length).toBeGreaterThan(8);
      let longestGapMs = 0;
      let longestGap = '';
      for (const [i, phone] of phones.entries()) {
        expect(phone.balls, `phone ${i}'s balls`).toEqual(drawn);
        const seqs = phone.messages.map((message) => message.seq);
        expect(seqs, `phone ${i}: every event once, in order`).toEqual(
          Array.from({ length: seqs.length }, (_, k) => seqs[0]! + k),
        );
        const times = ballTimes.get(phone)!;
        for (let k = 1; k < times.length; k++) {
          if (times[k]! - times[k - 1]! <= longestGapMs) continue;
          longestGapMs = times[k]! - times[k - 1]!;
          // Where that wait went: the move to the other process, then the first ball after it.
          const drop = phone.drops.find((d) => d.lostAt >= times[k - 1]! && d.lostAt <= times[k]!);
          longestGap = drop?.backAt
            ? ` (${drop.lostAt - times[k - 1]!} ms to the drop, ${drop.backAt - drop.lostAt} ms to reconnect, ` +
              `${drop.recovered ? 'recovered' : 'not recovered'}, ${times[k]! - drop.backAt} ms to the next ball)`
            : '';
        }
      }

      // Every acknowledged claim and chat message is stored.
      const dealt = await db
        .select({ playerId: tickets.playerId, ticketIndex: tickets.ticketIndex })
        .from(tickets)
        .where(and(eq(tickets.gameId, nextShow.gameId), isNull(tickets.releasedAt)));
      const dealtTo = new Map(dealt.map((ticket) => [ticket.playerId, ticket.ticketIndex]));
      const acknowledgedClaims = sent.filter((result) => result.claim.status === 201);
      for (const { i, claim: response } of acknowledgedClaims) {
        const told = (JSON.parse(response.body) as ClaimResponse).ticket.ticketIndex;
        expect(dealtTo.get(players[i]!.id), `phone ${i}'s claim`).toBe(told);
      }
      const stored = new Set(
        (
          await db
            .select({ text: chatMessages.text })
            .from(chatMessages)
            .where(eq(chatMessages.gameId, show.gameId))
        ).map((message) => message.text),
      );
      const acknowledgedChats = sent.filter((result) => result.chat === 201);
      for (const { i } of acknowledgedChats)
        expect(stored, `phone ${i}'s message`).toContain(`hello from phone ${i}`);

      // The draw itself (the server's times of its balls) and what a phone saw (its move to the
      // other process, within 100 ms for 50 phones, and the catch-up come on top, on a machine
      // running the whole suite).
      const drawTimes = first.messages
        .filter((message) => message.event.type === 'ball-called')
        .map((message) => message.at);
      const longestDrawGapMs = Math.max(...drawTimes.slice(1).map((at, k) => at - drawTimes[k]!));
      console.log(
        `rolling restart: ${drawn.length} balls, longest gap between two balls drawn ${longestDrawGapMs} ms, ` +
          `on a phone ${longestGapMs} ms${longestGap} ` +
          `(interval ${BALL_INTERVAL_MS} ms); the draw moved ${handoverMs} ms after its process was told to stop; ` +
          `claims ${acknowledgedClaims.length}/${PHONES} acknowledged, chat ${acknowledgedChats.length}/${PHONES}; ` +
          `holes filled by a join ${phones.reduce((sum, phone) => sum + phone.gapsFilled, 0)}; ` +
          `out of service ${rolledProcesses.map((rolled) => `${rolled.outOfServiceMs} ms (${rolled.stopMs} ms to stop)`).join(', ')}`,
      );
      expect(rolledProcesses).toHaveLength(2);
      expect(handoverMs).toBeDefined();
      expect(handoverMs!).toBeLessThan(1000);
      expect(longestDrawGapMs).toBeLessThan(2000);
      // No phone is left behind. The goal is 2 s (docs/cluster.md gives the figures, quiet and at
      // load); CI runs this beside the browser tests on two cores, where the process just
      // restarted took 5.7 s to start and then a phone 4.4 s to be served (November 2026).
      expect(longestGapMs).toBeLessThan(5000);
      // A request is either acknowledged (and then stored, above) or not taken, and the app may
      // send it again: cut off with its process (502: nginx never resends a POST), or refused
      // unread by a process already closing (Fastify's 503 on a kept-alive connection). Nearly
      // all go through.
      for (const { i, claim: response, chat } of sent) {
        expect([201, 502, 503], `phone ${i}'s claim: ${response.body}`).toContain(response.status);
        expect([201, 502, 503], `phone ${i}'s chat message`).toContain(chat);
      }
      expect(acknowledgedClaims.length).toBeGreaterThanOrEqual(PHONES - 2);
      expect(acknowledgedChats.length).toBeGreaterThanOrEqual(PHONES - 2);
    }, 180_000);
  },
);
