import { commitmentOf, drawOrder, verifyGame } from '@ruthless/game';
import type { GameResults, HostGame, LiveGameMessage } from '@ruthless/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameEvents } from '../../src/db/schema';
import { api, Viewer } from '../support/live';
import { playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';
import type { TestApp } from '../support/test-app';
import { asc, eq } from 'drizzle-orm';

const HOST = 'host@ruthless.test';
let show: Show;
let server: TestApp;
let hostToken: string;
let roomUuid: string;

beforeAll(async () => {
  show = await startShow({
    host: HOST,
    room: { name: 'Live Room', theme: 'RED', roomImage: '/rooms/ruby-rush.svg' },
  });
  ({ server, hostToken, roomUuid } = show);
});

afterAll(async () => {
  await server?.close();
});

const player = async (alias: string, choice: 'share' | 'steal') =>
  (await playerWithDetails(server.url, alias, choice)).token;
const fastGame = (startInMs: number, timings: Record<string, number>, mode = 'in-game'): Promise<HostGame> =>
  scheduleGame(show, startInMs, {
    timings,
    prizeLuckyFateSelections: mode,
    prizes: { oneLine: 1000, twoLines: 2000, fullHouse: 10_001 },
  });

const seqs = (messages: LiveGameMessage[]) => messages.map((message) => message.seq);

describe('a show run by the automatic host', () => {
  it('goes through every stage to the results, the same for both players, and checks out', async () => {
    const alice = await player('Alice', 'share');
    const bob = await player('Bob', 'steal');
    const game = await fastGame(2500, {
      greenRoomMs: 2000,
      reelsMs: 150,
      luckyFateMs: 1200,
      ballIntervalMs: 100,
      ruthlessMs: 2500,
      revealMs: 100,
    });
    for (const token of [alice, bob]) {
      const claim = await api(server.url, 'POST', '/api/claim-ticket', token, {
        gameUuid: game.gameUuid,
        roomUuid,
      });
      expect(claim.status).toBe(201);
    }
    const aliceView = await Viewer.join(server.url, alice, game.gameUuid);
    const bobView = await Viewer.join(server.url, bob, game.gameUuid);
    const spectator = await Viewer.join(server.url, null, game.gameUuid);
    expect(aliceView.snapshot!.you!.ticket).toHaveLength(3);
    expect(aliceView.snapshot!.view.statusBarData.players).toBe(2);

    // Lucky fate: Alice picks her card; Bob picks none and gets one derived from the seed.
    await aliceView.waitFor((message) => message.event.type === 'lucky-fate-opened');
    expect(
      await aliceView.socket.emitWithAck('game:lucky-fate', { gameUuid: game.gameUuid, pick: 2 }),
    ).toEqual({ ok: true });

    // The final: with two players both are finalists (the winner and the runner-up).
    await aliceView.waitFor((message) => message.event.type === 'ruthless-started', 60_000);
    const early = await api(server.url, 'GET', `/api/games/${game.gameUuid}/results`, null);
    expect(early.status).toBe(409);
    expect(
      await aliceView.socket.emitWithAck('game:choice', { gameUuid: game.gameUuid, choice: 'share' }),
    ).toEqual({ ok: true });
    const bobChoice = await api(server.url, 'POST', `/api/games/${game.gameUuid}/choice`, bob, {
      choice: 'steal',
    });
    expect(bobChoice.status).toBe(200);
    // Choices stay secret until the reveal, even to other finalists.
    const chosen = await aliceView.waitFor((message) => message.event.type === 'choice-made');
    expect(chosen.event).not.toHaveProperty('choice');
    expect(chosen.view.final!.finalists.every((finalist) => finalist.choice === null)).toBe(true);

    await aliceView.waitFor((message) => message.event.type === 'game-ended', 30_000);
    await bobView.waitFor((message) => message.event.type === 'game-ended', 5000);
    await spectator.waitFor((message) => message.event.type === 'game-ended', 5000);
    // A choice once the show is over is told so, over the socket and REST (the reveal's own
    // answer, 'Too late: the final is over.', is the engine's: packages/game/test/game.test.ts).
    expect(
      await aliceView.socket.emitWithAck('game:choice', { gameUuid: game.gameUuid, choice: 'steal' }),
    ).toMatchObject({ ok: false, message: 'This game has ended.' });
    const lateChoice = await api(server.url, 'POST', `/api/games/${game.gameUuid}/choice`, bob, {
      choice: 'share',
    });
    expect(lateChoice).toMatchObject({ status: 409, body: { message: 'This game has ended.' } });

    // Everyone saw every event once, in order, and the same balls.
    for (const viewer of [aliceView, bobView, spectator]) {
      const seen = seqs(viewer.messages);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(new Set(seen).size).toBe(seen.length);
    }
    expect(bobView.balls).toEqual(aliceView.balls);
    expect(spectator.balls).toEqual(aliceView.balls);
    const stages = aliceView.messages.map((message) => message.view.stage);
    for (const stage of ['reels', 'lucky-fate', 'draw', 'ruthless', 'reveal', 'ended'])
      expect(stages).toContain(stage);

    const { status, body } = await api(server.url, 'GET', `/api/games/${game.gameUuid}/results`, null);
    expect(status).toBe(200);
    const results = body as unknown as GameResults;
    expect(commitmentOf(results.seed)).toBe(game.commitment);
    expect(results.ballSequence).toEqual(aliceView.balls);
    expect(results.ballSequence).toEqual(drawOrder(results.seed).slice(0, results.ballSequence.length));
    expect(results.winners.map((winner) => winner.prize)).toEqual(['one-line', 'two-lines', 'full-house']);
    expect(results.finalists.map((finalist) => [finalist.name, finalist.choice]).sort()).toEqual([
      ['Alice', 'share'],
      ['Bob', 'steal'],
    ]);
    expect(results.outcome).toBe('some-steal');
    const alicePick = results.finalists.find((finalist) => finalist.name === 'Alice')!.luckyFatePick;
    expect(alicePick).toBe(2);
    // The stealer takes the pot (times their lucky-fate card); the sharer gets only her lines.
    const bobFinal = results.finalists.find((finalist) => finalist.name === 'Bob')!;
    const bobPayout = results.payouts.find((payout) => payout.name === 'Bob')!.pence;
    expect(bobPayout).toBeGreaterThanOrEqual(results.potPence * bobFinal.luckyFateMultiplier);
    expect(results.payouts.map((payout) => payout.name).sort()).toEqual(['Alice', 'Bob']);

    // The stored events are the whole truth: anyone can check them against the seed.
    const stored = await server.app.database.db
      .select()
      .from(gameEvents)
      .where(eq(gameEvents.gameId, game.gameUuid))
      .orderBy(asc(gameEvents.seq));
    expect(stored.map((row) => row.seq)).toEqual(stored.map((_, i) => i + 1));
    expect(verifyGame(results.seed, game.commitment, stored.map((row) => row.event) as never)).toEqual({
      ok: true,
    });

    for (const viewer of [aliceView, bobView, spectator]) viewer.close();
  }, 90_000);

  it('calls off a game nobody holds a ticket for, at its start', async () => {
    const game = await fastGame(1200, { greenRoomMs: 500 });
    const spectator = await Viewer.join(server.url, null, game.gameUuid);
    const cancelled = await spectator.waitFor((message) => message.event.type === 'game-cancelled', 10_000);
    expect(cancelled.view.stage).toBe('cancelled');
    spectator.close();
  }, 20_000);

  it('lets the host draw, pause and resume by hand, and refuses non-hosts', async () => {
    const carol = await player('Carol', 'share');
    const game = await fastGame(1500, {
      greenRoomMs: 1000,
      reelsMs: 100,
      luckyFateMs: 100,
      ballIntervalMs: 60_000,
    });
    await api(server.url, 'POST', '/api/claim-ticket', carol, { gameUuid: game.gameUuid, roomUuid });
    const viewer = await Viewer.join(server.url, carol, game.gameUuid);
    await viewer.waitFor((message) => message.event.type === 'draw-started', 15_000);

    const notHost = await api(server.url, 'POST', `/api/host/games/${game.gameUuid}/draw`, carol);
    expect(notHost.status).toBe(403);
    for (let i = 0; i < 3; i++) {
      expect((await api(server.url, 'POST', `/api/host/games/${game.gameUuid}/draw`, hostToken)).status).toBe(
        200,
      );
    }
    expect((await api(server.url, 'POST', `/api/host/games/${game.gameUuid}/pause`, hostToken)).status).toBe(
      200,
    );
    // Paused stops the automatic host; the host still calls a ball by hand, and it stays paused.
    const whilePaused = await api(server.url, 'POST', `/api/host/games/${game.gameUuid}/draw`, hostToken);
    expect(whilePaused).toMatchObject({ status: 200 });
    await viewer.waitFor((message) => message.event.type === 'ball-called' && message.view.paused);
    expect((await api(server.url, 'POST', `/api/host/games/${game.gameUuid}/resume`, hostToken)).status).toBe(
      200,
    );
    await viewer.waitFor((message) => message.event.type === 'draw-resumed');
    expect(viewer.balls).toHaveLength(4);
    expect(new Set(viewer.balls).size).toBe(4);
    // A choice outside the final is refused with a clear message.
    const tooSoon = await api(server.url, 'POST', `/api/games/${game.gameUuid}/choice`, carol, {
      choice: 'steal',
    });
    expect(tooSoon).toMatchObject({ status: 409, body: { message: 'The final has not started.' } });
    viewer.close();
  }, 30_000);

  it('acts once per Idempotency-Key of a control, forgets a refused one, and refuses a malformed key', async () => {
    const erin = await player('Erin', 'share');
    const game = await fastGame(1500, {
      greenRoomMs: 1000,
      reelsMs: 100,
      luckyFateMs: 100,
      ballIntervalMs: 60_000,
    });
    await api(server.url, 'POST', '/api/claim-ticket', erin, { gameUuid: game.gameUuid, roomUuid });
    const viewer = await Viewer.join(server.url, erin, game.gameUuid);
    await viewer.waitFor((message) => message.event.type === 'draw-started', 15_000);
    const control = (action: string, key: string) =>
      fetch(`${server.url}/api/host/games/${game.gameUuid}/${action}`, {
        method: 'POST',
        headers: { authorization: hostToken, 'idempotency-key': key },
      });

    // A double click: the same key twice at once, then once more as a retry. One ball.
    const key = crypto.randomUUID();
    const answers = await Promise.all([control('draw', key), control('draw', key)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await control('draw', key)).status).toBe(200);
    // A second intent calls the second ball.
    expect((await control('draw', crypto.randomUUID())).status).toBe(200);
    await viewer.waitFor(() => viewer.balls.length === 2);

    // A refused attempt acts on nothing: its key is forgotten, so the retry tries again.
    const resumeKey = crypto.randomUUID();
    expect((await control('resume', resumeKey)).status).toBe(409);
    expect((await control('pause', crypto.randomUUID())).status).toBe(200);
    expect((await control('resume', resumeKey)).status).toBe(200);
    await viewer.waitFor((message) => message.event.type === 'draw-resumed');

    const malformed = await control('draw', 'x');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe(
      'Idempotency-Key must be 8 to 100 letters, digits, "-" or "_" (a UUID fits).',
    );
    const pauseEvents = viewer.messages.filter((message) => message.event.type === 'draw-paused');
    expect(pauseEvents).toHaveLength(1);
    expect(viewer.balls).toHaveLength(2);
    viewer.close();
  }, 30_000);

  it('sends a viewer who was away exactly the events it missed', async () => {
    const dave = await player('Dave', 'share');
    const game = await fastGame(1500, {
      greenRoomMs: 1000,
      reelsMs: 100,
      luckyFateMs: 100,
      ballIntervalMs: 150,
    });
    await api(server.url, 'POST', '/api/claim-ticket', dave, { gameUuid: game.gameUuid, roomUuid });
    const viewer = await Viewer.join(server.url, dave, game.gameUuid);
    await viewer.waitFor((message) => message.event.type === 'ball-called', 15_000);
    // The network drops: the app keeps what it had and rejoins from its last seq.
    viewer.socket.disconnect();
    const seenBefore = viewer.balls.length;
    // Away until the show has called another ball, as a second phone of Dave's sees it.
    const otherPhone = await Viewer.join(server.url, dave, game.gameUuid);
    const lastSeen = viewer.lastSeq ?? 0;
    await otherPhone.waitFor(
      (message) => message.event.type === 'ball-called' && message.seq > lastSeen,
      15_000,
    );
    otherPhone.close();
    viewer.socket.connect();
    const rejoined = await viewer.rejoin(game.gameUuid);
    expect(rejoined.ok && rejoined.missed.length).toBeGreaterThan(0);
    await viewer.waitFor((message) => message.event.type === 'game-ended', 60_000);
    const { body } = await api(server.url, 'GET', `/api/games/${game.gameUuid}/results`, null);
    expect(viewer.balls.length).toBeGreaterThan(seenBefore);
    expect(viewer.balls).toEqual((body as unknown as GameResults).ballSequence);
    viewer.close();
  }, 90_000);
});
