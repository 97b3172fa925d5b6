import { Agent } from 'node:http';
import { and, eq, isNull } from 'drizzle-orm';
import { drawOrder } from '@ruthless/game';
import { ClaimMessage, type ClaimResponse, type GameResults } from '@ruthless/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { games, tickets } from '../../src/db/schema';
import { clusterUnavailable, FAST_SHOW_TIMINGS, postFrom, TestCluster } from '../support/cluster';
import { api, Viewer } from '../support/live';

// Fault tests of docs/cluster.md: `npm run cluster`'s nginx and processes on PostgreSQL and
// Redis, one process killed with SIGKILL while it works.
const unavailable = clusterUnavailable();
if (unavailable) console.warn(`cluster fault tests skipped: ${unavailable}`);

const VIEWERS = 50;
// Each client comes from its own loopback address: nginx is sticky by address, so they spread
// over both processes.
const addressOf = (i: number) => `127.0.1.${i + 1}`;

describe.skipIf(unavailable)(
  `two processes behind nginx${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: TestCluster | undefined;
    const viewers: Viewer[] = [];
    afterEach(async () => {
      for (const viewer of viewers.splice(0)) viewer.close();
      await cluster?.stop();
      cluster = undefined;
    });

    it('moves the game to the other process when its process is killed: every ball reaches every client once', async () => {
      cluster = await TestCluster.start(2);
      const players = await cluster.players(VIEWERS, 'Viewer');
      const { gameId, roomId } = await cluster.game({
        startsInMs: 6000,
        maxTickets: VIEWERS,
        timings: FAST_SHOW_TIMINGS,
      });
      const claims = await Promise.all(
        players.map((player, i) =>
          postFrom(
            addressOf(i),
            `${cluster!.url}/api/claim-ticket`,
            { authorization: player.token },
            { gameUuid: gameId, roomUuid: roomId },
          ),
        ),
      );
      expect(claims.map((claim) => claim.status)).toEqual(players.map(() => 201));

      const disconnects = new Map<Viewer, number>();
      // Every game:event each client was sent live, by seq: a fan-out must never send one twice.
      const delivered = new Map<Viewer, number[]>();
      for (const [i, player] of players.entries()) {
        const viewer = await Viewer.join(cluster.url, player.token, gameId, {
          localAddress: addressOf(i),
          // Every fifth on Socket.IO's long-polling fallback: several requests per session, which
          // only work while nginx sends them all to the process that holds the session.
          ...(i % 5 === 0
            ? { transports: ['polling'], agent: new Agent({ localAddress: addressOf(i) }) }
            : {}),
          reconnectionDelay: 200,
          reconnectionDelayMax: 500,
        } as object);
        viewers.push(viewer);
        disconnects.set(viewer, 0);
        delivered.set(viewer, []);
        viewer.socket.on('disconnect', () => disconnects.set(viewer, disconnects.get(viewer)! + 1));
        viewer.socket.on('game:event', (message) => delivered.get(viewer)!.push(message.seq));
      }

      const first = viewers[0]!;
      await first.waitFor(() => first.balls.length >= 8, 30_000);
      const runner = await cluster.runnerOf(gameId);
      expect(runner).toBeDefined();
      const killedAt = Date.now();
      process.kill(runner!.pid, 'SIGKILL');

      // The lease lapses and the other process takes the game over.
      let successor = await cluster.runnerOf(gameId);
      while (!successor || successor.pid === runner!.pid) {
        expect(Date.now() - killedAt).toBeLessThan(10_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
        successor = await cluster.runnerOf(gameId);
      }
      const failoverMs = Date.now() - killedAt;
      console.log(`runner moved from pid ${runner!.pid} to pid ${successor.pid} in ${failoverMs} ms`);
      expect(cluster.servers.map((server) => server.pid)).toContain(successor.pid);
      expect(failoverMs).toBeLessThan(5000);

      for (const viewer of viewers)
        await viewer.waitFor((message) => message.event.type === 'game-ended', 60_000);
      const { status, body } = await api(cluster.url, 'GET', `/api/games/${gameId}/results`, null);
      expect(status).toBe(200);
      const results = body as unknown as GameResults;
      expect(results.ballSequence).toEqual(drawOrder(results.seed).slice(0, results.ballSequence.length));

      // The script started the killed process again, on its own port (a new pid).
      await expect
        .poll(async () => (await fetch(`${runner!.url}/health`).catch(() => undefined))?.status, {
          timeout: 30_000,
        })
        .toBe(200);
      const restarted = cluster.servers.filter((server) => server.url === runner!.url);
      expect(restarted.map((server) => server.pid)).toEqual([runner!.pid, expect.any(Number)]);
      expect(restarted[1]!.pid).not.toBe(runner!.pid);

      const lostTheirProcess = viewers.filter((viewer) => disconnects.get(viewer)! > 0);
      // The killed process had clients, and the other one kept its own.
      expect(lostTheirProcess.length).toBeGreaterThan(0);
      expect(lostTheirProcess.length).toBeLessThan(VIEWERS);
      for (const [i, viewer] of viewers.entries()) {
        expect(viewer.socket.connected, `viewer ${i} connected again`).toBe(true);
        expect(viewer.balls, `viewer ${i}'s balls`).toEqual(results.ballSequence);
        const seqs = viewer.messages.map((message) => message.seq);
        expect(seqs, `viewer ${i}: every event once, in order`).toEqual(
          Array.from({ length: seqs.length }, (_, k) => seqs[0]! + k),
        );
        const live = delivered.get(viewer)!;
        expect(new Set(live).size, `viewer ${i}: no event sent twice`).toBe(live.length);
      }
    }, 120_000);

    it('never deals more tickets than there are when a process dies during 500 claims for 100', async () => {
      cluster = await TestCluster.start(2);
      const claimants = await cluster.players(500, 'Claimant');
      const { gameId, roomId } = await cluster.game({ startsInMs: 3_600_000, maxTickets: 100 });
      const victim = cluster.servers[0]!;
      const claimsStartedAt = Date.now();
      let answered = 0;
      let killed = false;
      const results = await Promise.all(
        claimants.map(async (claimant, i) => {
          const result = await postFrom(
            addressOf(i % 100),
            `${cluster!.url}/api/claim-ticket`,
            { authorization: claimant.token },
            { gameUuid: gameId, roomUuid: roomId },
          ).catch((error: Error) => ({ status: 0, body: error.message }));
          // Mid-rush: some claims answered, most still queued or in flight.
          if (++answered === 40 && !killed) {
            killed = true;
            process.kill(victim.pid, 'SIGKILL');
          }
          return { claimant, ...result };
        }),
      );
      expect(killed).toBe(true);

      const acknowledged = results.filter((result) => result.status === 201);
      const refused = results.filter((result) => result.status !== 201);
      expect(acknowledged.length).toBeLessThanOrEqual(100);
      for (const result of refused) {
        // Sold out, or cut off with the killed process (nginx's 502): never another answer.
        if (result.status === 409)
          expect([ClaimMessage.soldOut, 'Those tickets were just taken. Please try again.']).toContain(
            (JSON.parse(result.body) as { message: string }).message,
          );
        else expect([502, 503, 504], result.body).toContain(result.status);
      }

      const db = cluster.app.database.db;
      const stored = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.gameId, gameId), isNull(tickets.releasedAt)));
      expect(stored.length).toBeLessThanOrEqual(100);
      // Every acknowledged claim is there, with the ticket its player was told.
      const byPlayer = new Map(stored.map((ticket) => [ticket.playerId, ticket]));
      for (const result of acknowledged) {
        const told = (JSON.parse(result.body) as ClaimResponse).ticket;
        expect(byPlayer.get(result.claimant.id)?.ticketIndex).toBe(told.ticketIndex);
      }
      // None twice: one ticket per player, each index dealt once.
      expect(byPlayer.size).toBe(stored.length);
      expect(new Set(stored.map((ticket) => ticket.ticketIndex)).size).toBe(stored.length);
      const [game] = await db.select().from(games).where(eq(games.id, gameId));
      expect(game).toMatchObject({ ticketsDealt: stored.length, ticketsAvailable: 100 - stored.length });
      // The surviving process kept dealing: with 500 claimants every ticket went.
      expect(stored).toHaveLength(100);
      console.log(
        `claims: ${acknowledged.length} dealt, ${refused.filter((r) => r.status === 409).length} sold out, ` +
          `${refused.filter((r) => r.status !== 409).length} cut off with the killed process, ` +
          `in ${Date.now() - claimsStartedAt} ms`,
      );
    }, 120_000);
  },
);
