import { drawOrder } from '@ruthless/game';
import type { GameResults, GameEventLog, HostGame, LiveGameMessage } from '@ruthless/protocol';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { Browser, registeredPlayer } from '../support/http';
import { api, provenHost, withDetails, type GameSocket } from '../support/live';
import {
  missingServices,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from './private-services';

/**
 * Redis and PostgreSQL restarted mid-game, on private instances of this test's own
 * (docs/testing.md, Faults): the game pauses and carries on from the stored events with every
 * ball once, in the committed order; requests during the outage get a 503 that says why;
 * /health says 503 while a dependency is down and 200 after.
 */

const HOST = 'faults-host@ruthless.test';
const missing = missingServices();

/** A viewer that shows what the app shows: events in seq order, rejoining on a gap or reconnect. */
class AppViewer {
  readonly shown: LiveGameMessage[] = [];
  private constructor(
    readonly socket: GameSocket,
    private readonly gameUuid: string,
  ) {}

  static async join(base: string, token: string, gameUuid: string): Promise<AppViewer> {
    const socket: GameSocket = connectSocket(base, { transports: ['websocket'], auth: { token } });
    const viewer = new AppViewer(socket, gameUuid);
    socket.on('game:event', (message) => viewer.receive(message));
    socket.io.on('reconnect', () => void viewer.rejoin().catch(() => {}));
    await viewer.rejoin();
    return viewer;
  }

  get lastSeq(): number {
    return this.shown.at(-1)?.seq ?? 0;
  }

  get balls(): number[] {
    return this.shown.flatMap((message) =>
      message.event.type === 'ball-called' ? [message.event.ball] : [],
    );
  }

  private rejoining: Promise<void> | undefined;

  rejoin(): Promise<void> {
    this.rejoining ??= (async () => {
      try {
        const result = await this.socket
          .timeout(10_000)
          .emitWithAck('game:join', { gameUuid: this.gameUuid, lastSeq: this.lastSeq || null });
        if (!result.ok) throw new Error(result.message);
        if (this.shown.length === 0 && result.snapshot.seq > 0 && result.missed.length === 0) {
          // First join: the events so far come from the log (the app would show the snapshot).
          const again = await this.socket
            .timeout(10_000)
            .emitWithAck('game:join', { gameUuid: this.gameUuid, lastSeq: 0 });
          if (again.ok) for (const message of again.missed) this.receive(message);
        }
        for (const message of result.missed) this.receive(message);
      } finally {
        this.rejoining = undefined;
      }
    })();
    return this.rejoining;
  }

  private receive(message: LiveGameMessage): void {
    if (message.seq <= this.lastSeq) return;
    if (message.seq !== this.lastSeq + 1) {
      void this.rejoin().catch(() => {});
      return;
    }
    this.shown.push(message);
  }

  async waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seq ${this.lastSeq}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}

async function health(base: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/health`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function waitForHealthStatus(base: string, status: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await health(base);
    if (answer.status === status) return answer;
    if (Date.now() > deadline)
      throw new Error(`/health stayed ${answer.status}: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(missing !== undefined)(
  `dependencies restarted mid-game${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let postgres: PrivatePostgres;
    let redis: PrivateRedis;
    let server: TestApp;
    const cleanups: (() => unknown)[] = [];

    beforeAll(async () => {
      [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
      server = await startTestApp(
        {
          DATABASE_URL: postgres.url,
          REDIS_URL: redis.url,
          ADMIN_EMAILS: HOST,
          DEV_MAILBOX: 'true',
        },
        { reachablePublicUrl: true },
      );
    }, 60_000);

    afterAll(async () => {
      try {
        for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
        // Bounded: a request stuck on a dependency must not keep the private instances alive.
        await Promise.race([server?.close().catch(() => {}), sleep(10_000)]);
      } finally {
        await Promise.all([postgres?.destroy(), redis?.destroy()]);
      }
    }, 30_000);

    it('pauses and carries on with every ball once; refuses requests clearly meanwhile', async () => {
      const base = server.url;
      expect((await health(base)).body).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
      const { token: hostToken } = await provenHost(base, HOST);
      const room = await api(base, 'POST', '/api/host/rooms', hostToken, {
        name: 'Fault Room',
        roomImage: '/rooms/gold-rush.svg',
      });
      const roomUuid = room.body.roomUuid as string;
      const newGame = async (startsInMs: number) => {
        const created = await api(base, 'POST', `/api/host/rooms/${roomUuid}/games`, hostToken, {
          gameStartTime: new Date(Date.now() + startsInMs).toISOString(),
          maxTickets: 5,
          prizeLuckyFateSelections: 'pre-game',
          prizes: { oneLine: 100, twoLines: 200, fullHouse: 1000 },
          timings: {
            greenRoomMs: 1000,
            reelsMs: 100,
            luckyFateMs: 100,
            ballIntervalMs: 150,
            revealMs: 100,
          },
        });
        expect(created.status).toBe(201);
        return created.body as unknown as HostGame;
      };
      const erin = await registeredPlayer(base, 'erin@ruthless.test');
      await withDetails(base, erin.token, 'Erin', 'share');
      const finn = await registeredPlayer(base, 'finn@ruthless.test');
      await withDetails(base, finn.token, 'Finn', 'steal');
      // After the sign-ups, which take a while on a loaded machine: Erin claims before it starts.
      const live = await newGame(3000);
      // A later game, open for claims throughout.
      const later = await newGame(30 * 60_000);
      const claim = (token: string, game: HostGame) =>
        api(base, 'POST', '/api/purchase', token, {
          gameUuid: game.gameUuid,
          roomUuid: game.roomUuid,
          luckyFateCard: 1,
        });
      const chat = (token: string) =>
        api(base, 'POST', '/api/chat', token, {
          gameUuid: live.gameUuid,
          roomUuid: live.roomUuid,
          chatContent: 'still there?',
        });
      expect((await claim(erin.token, live)).status).toBe(201);
      const viewer = await AppViewer.join(base, erin.token, live.gameUuid);
      cleanups.push(() => viewer.close());
      await viewer.waitFor(() => viewer.balls.length >= 3, 20_000, 'three balls');
      expect((await chat(erin.token)).status).toBe(201);

      // Redis down: the game goes on in the database; the fan-out catches up when Redis is back.
      await redis.stop();
      const redisDown = await waitForHealthStatus(base, 503, 5000);
      expect(redisDown.body).toMatchObject({ status: 'unavailable', database: 'up', redis: 'down' });
      const chatWithoutRedis = await chat(erin.token);
      expect(chatWithoutRedis.status).toBe(503);
      expect(chatWithoutRedis.body.message).toMatch(/try again in a moment/i);
      // Genuinely a span: Redis stays down a while with the show going on.
      await sleep(1000);
      await redis.start();
      expect((await waitForHealthStatus(base, 200, 15_000)).body).toMatchObject({ redis: 'up' });
      const ballsAfterRedis = viewer.balls.length;
      await viewer.waitFor(() => viewer.balls.length > ballsAfterRedis + 2, 15_000, 'balls after Redis');

      // PostgreSQL down: no ball can be stored, so none is called; requests get a clear 503.
      await postgres.stop();
      const databaseDown = await waitForHealthStatus(base, 503, 5000);
      expect(databaseDown.body).toMatchObject({ status: 'unavailable', database: 'down', redis: 'up' });
      // Signing in goes through Better Auth, which answers a bare 500 of its own: the same 503 here.
      const signIn = await new Browser(base).post('/api/auth/sign-in/email', {
        email: 'erin@ruthless.test',
        password: 'secret-pass-1',
      });
      const signInRefusal = { status: signIn.status, body: (await signIn.json()) as { message: string } };
      for (const refused of [await claim(finn.token, later), await chat(erin.token), signInRefusal]) {
        expect(refused.status).toBe(503);
        expect(refused.body).toMatchObject({ code: 'server/unavailable' });
        expect(refused.body.message).toMatch(/try again in a moment/i);
      }
      // The live show's socket says the same.
      expect(
        await viewer.socket
          .timeout(5000)
          .emitWithAck('game:join', { gameUuid: later.gameUuid, lastSeq: null }),
      ).toEqual({ ok: false, message: 'Ruthless is briefly unavailable. Please try again in a moment.' });
      // An event stored just before the stop has reached the viewer by now (a span: no event marks
      // the last one stored).
      await sleep(300);
      const seqAtOutage = viewer.lastSeq;
      // Longer than a runner's lease (3 s): the runner takes its game up again afterwards.
      await sleep(3500);
      // Paused: nothing was called while the events could not be stored.
      expect(viewer.lastSeq).toBe(seqAtOutage);
      await postgres.start();
      expect((await waitForHealthStatus(base, 200, 15_000)).body).toMatchObject({ database: 'up' });
      await viewer.waitFor(() => viewer.lastSeq > seqAtOutage, 10_000, 'the next event after PostgreSQL');

      // The refused claim left nothing behind: claimed now, it is the player's first and only ticket.
      const retried = await claim(finn.token, later);
      expect(retried.status).toBe(201);
      expect((await claim(finn.token, later)).status).toBe(200);

      await viewer.waitFor(
        () => viewer.shown.some((message) => message.event.type === 'game-ended'),
        60_000,
        'the end of the game',
      );
      const results = (await api(base, 'GET', `/api/games/${live.gameUuid}/results`, null))
        .body as unknown as GameResults;
      expect(new Set(results.ballSequence).size).toBe(results.ballSequence.length);
      expect(results.ballSequence).toEqual(drawOrder(results.seed).slice(0, results.ballSequence.length));
      expect(viewer.balls).toEqual(results.ballSequence);
      const log = (await api(base, 'GET', `/api/games/${live.gameUuid}/events`, null))
        .body as unknown as GameEventLog;
      expect(viewer.shown.map((message) => message.seq)).toEqual(log.events.map((_, index) => index + 1));

      // Every ticket row has its claim event and the other way round, in both games.
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      cleanups.push(() => client.end());
      for (const game of [live, later]) {
        const tickets = await client.query<{ player_id: string }>(
          'select player_id from tickets where game_id = $1 order by player_id',
          [game.gameUuid],
        );
        const claimed = await client.query<{ player_id: string }>(
          `select event->>'playerId' as player_id from game_events
           where game_id = $1 and event->>'type' = 'ticket-claimed' order by 1`,
          [game.gameUuid],
        );
        expect(claimed.rows).toEqual(tickets.rows);
        expect(tickets.rows).toHaveLength(1);
      }
    }, 120_000);
  },
);
