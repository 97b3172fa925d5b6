import { createHash, createHmac, randomUUID } from 'node:crypto';
import { verifyGame, type GameEvent } from '@ruthless/game';
import type { GameEventLog, GameResults, HostGame, HostRoom, Room } from '@ruthless/protocol';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameEvents, games } from '../../src/db/schema';
import { registeredPlayer } from '../support/http';
import { api, provenHost, Viewer, withDetails } from '../support/live';
import { startTestApp, type TestApp } from '../support/test-app';
import { MANY_SIGN_UPS } from '../support/show';

// Issue 9: the green room takes claims and does not count as started; an ended game publishes
// its stored event log; an all-steal pot rolls into the next game whose reels have not begun
// (issue 31 item 2: or waits with the room until there is one).

const HOST = 'host@ruthless.test';
let server: TestApp;
let hostToken: string;

beforeAll(async () => {
  server = await startTestApp(
    { ADMIN_EMAILS: HOST },
    {
      reachablePublicUrl: true,
      accounts: {
        limits: MANY_SIGN_UPS,
      },
    },
  );
  hostToken = (await provenHost(server.url, HOST)).token;
});

/** A player's pseudonym in a published log, as the server derives it (with its own key). */
const pseudonym = (seed: string, playerId: string) => server.app.live.pseudonym(seed, playerId);

afterAll(async () => {
  await server?.close();
});

async function newRoom(): Promise<string> {
  const room = await api(server.url, 'POST', '/api/host/rooms', hostToken, {
    name: `Room ${randomUUID().slice(0, 6)}`,
    theme: 'GREEN',
    roomImage: '/rooms/lucky-clover.svg',
  });
  return room.body.roomUuid as string;
}

async function newGame(roomUuid: string, startInMs: number, timings: Record<string, number>) {
  const created = await api(server.url, 'POST', `/api/host/rooms/${roomUuid}/games`, hostToken, {
    gameStartTime: new Date(Date.now() + startInMs).toISOString(),
    maxTickets: 10,
    prizeLuckyFateSelections: 'in-game',
    prizes: { oneLine: 1000, twoLines: 2000, fullHouse: 10_000 },
    timings,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as unknown as HostGame;
}

async function player(alias: string) {
  const { token } = await registeredPlayer(
    server.url,
    `${alias.toLowerCase()}-${randomUUID()}@ruthless.test`,
  );
  await withDetails(server.url, token, alias, 'steal');
  return token;
}

async function lobbyGame(roomUuid: string, gameUuid: string) {
  const rooms = (await (await fetch(`${server.url}/api/rooms?operator=enlivon`)).json()) as Room[];
  return rooms.find((room) => room.roomUuid === roomUuid)?.games.find((game) => game.gameUuid === gameUuid);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the green room', () => {
  it('is not a started game: the lobby says so and a claim still lands', async () => {
    const roomUuid = await newRoom();
    // The green room opens at once (an hour before a start 2 minutes away).
    const game = await newGame(roomUuid, 2 * 60_000, { greenRoomMs: 60 * 60_000 });
    const listed = await until(
      () => lobbyGame(roomUuid, game.gameUuid),
      (found) => found?.state === 'green-room',
    );
    expect(listed).toMatchObject({ state: 'green-room', hasGameStarted: false, ticketsAvailable: 10 });

    const claim = await api(server.url, 'POST', '/api/claim-ticket', await player('Early'), {
      gameUuid: game.gameUuid,
      roomUuid,
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
  });
});

describe('an ended game', () => {
  it('publishes its stored event log, and its all-steal pot goes to the next game not yet on its reels', async () => {
    const roomUuid = await newRoom();
    // Three holders, made before the game so that a busy machine cannot start it before they
    // claim: the final takes two or three, so a default can stay untold.
    const stealers = [await player('Ann'), await player('Ben'), await player('Cal')];
    const game = await newGame(roomUuid, 2500, {
      greenRoomMs: 2000,
      reelsMs: 150,
      luckyFateMs: 300,
      ballIntervalMs: 100,
      ruthlessMs: 800,
      revealMs: 100,
    });
    // The next game is in its green room when the final ends; a later one is still scheduled.
    const next = await newGame(roomUuid, 10 * 60_000, { greenRoomMs: 60 * 60_000 });
    const later = await newGame(roomUuid, 3 * 60 * 60_000, {});
    for (const token of stealers) {
      const claim = await api(server.url, 'POST', '/api/claim-ticket', token, {
        gameUuid: game.gameUuid,
        roomUuid,
      });
      expect(claim.status).toBe(201);
    }

    // While the game runs, neither the log nor the seed is out.
    expect((await api(server.url, 'GET', `/api/games/${game.gameUuid}/events`, null)).status).toBe(409);
    const missing = await api(server.url, 'GET', `/api/games/${randomUUID()}/events`, null);
    expect(missing.status).toBe(404);
    const badId = await api(server.url, 'GET', '/api/games/not-a-uuid/events', null);
    expect(badId.status).toBe(400);

    const viewer = await Viewer.join(server.url, null, game.gameUuid);
    await viewer.waitFor((message) => message.event.type === 'game-ended', 60_000);
    viewer.close();
    expect((await lobbyGame(roomUuid, next.gameUuid))?.state).toBe('green-room');

    const published = await api(server.url, 'GET', `/api/games/${game.gameUuid}/events`, null);
    expect(published.status).toBe(200);
    const log = published.body as unknown as GameEventLog;
    const stored = await server.app.database.db
      .select()
      .from(gameEvents)
      .where(eq(gameEvents.gameId, game.gameUuid))
      .orderBy(asc(gameEvents.seq));
    const storedEvents = stored.map((row) => row.event as unknown as GameEvent);
    expect(log.events.map((event) => event.type)).toEqual(storedEvents.map((event) => event.type));
    // Players go by this game's pseudonyms: no stored player id is published.
    const playerIds = storedEvents.flatMap((event) => ('playerId' in event ? [event.playerId] : []));
    expect(playerIds.length).toBeGreaterThan(0);
    for (const playerId of playerIds) expect(JSON.stringify(log)).not.toContain(playerId);
    // A holder's default is published only where it decided their choice in the final.
    const chose = new Set(
      storedEvents.flatMap((event) => (event.type === 'choice-made' ? [event.playerId] : [])),
    );
    storedEvents.forEach((event, i) => {
      if (event.type !== 'ticket-claimed') return;
      const published = log.events[i]!;
      expect(published).toMatchObject({ playerId: pseudonym(log.seed, event.playerId) });
      if (chose.has(event.playerId)) expect(published).not.toHaveProperty('defaultChoice');
    });
    // One pseudonym per holder within the show: their claim and their choice read as one player.
    storedEvents.forEach((event, i) => {
      const published = log.events[i]!;
      if ('playerId' in event)
        expect(published).toMatchObject({ playerId: pseudonym(log.seed, event.playerId) });
    });
    // Another show (another seed): another pseudonym.
    expect(pseudonym(log.seed, playerIds[0]!)).not.toBe(pseudonym('ab'.repeat(32), playerIds[0]!));
    expect(log).toMatchObject({ gameUuid: game.gameUuid, commitment: game.commitment });
    expect(log.events.map((event) => event.type)).toContain('reels-started');
    expect(log.events.at(-1)!.type).toBe('game-ended');
    expect(verifyGame(log.seed, log.commitment, log.events)).toEqual({ ok: true });

    const results = (await api(server.url, 'GET', `/api/games/${game.gameUuid}/results`, null))
      .body as unknown as GameResults;
    expect(results.outcome).toBe('all-steal');
    // A stranger holds the results' player ids and the published seed: no pseudonym of the log
    // is what they compute from them (the seed as the key, or a bare hash), so nobody can tell
    // a log's holder from the id alone.
    const pseudonyms = new Set(log.events.flatMap((event) => ('playerId' in event ? [event.playerId] : [])));
    expect(results.payouts.length).toBeGreaterThan(0);
    for (const { playerId } of results.payouts) {
      const seedKeyed = createHmac('sha256', Buffer.from(log.seed, 'hex')).update(playerId).digest('hex');
      const bare = createHash('sha256').update(`${log.seed}:${playerId}`).digest('hex');
      for (const guess of [seedKeyed, bare]) expect(pseudonyms.has(guess.slice(0, 32))).toBe(false);
    }
    // The defaults published are exactly those that decided a finalist's choice.
    const defaulted = new Set(results.finalists.filter((f) => f.defaulted).map((f) => f.ticketIndex));
    expect(defaulted.size).toBeGreaterThan(0);
    for (const event of log.events)
      if (event.type === 'ticket-claimed')
        expect(event.defaultChoice, `ticket ${event.ticketIndex}`).toBe(
          defaulted.has(event.ticketIndex) ? 'steal' : undefined,
        );
    const rolledInto = await lobbyGame(roomUuid, next.gameUuid);
    expect(rolledInto).toMatchObject({
      rolloverPence: results.rolloverPence,
      prizes: { fullHouse: 10_000 + results.rolloverPence },
    });
    expect(await lobbyGame(roomUuid, later.gameUuid)).toMatchObject({
      rolloverPence: 0,
      prizes: { fullHouse: 10_000 },
    });
  }, 90_000);

  it('keeps an all-steal pot with the room when no game can take it, until the next game is created', async () => {
    const roomUuid = await newRoom();
    // Two holders, made before the game so that a busy machine cannot start it before they claim.
    const holders = [await player('Cat'), await player('Dan')];
    const game = await newGame(roomUuid, 2500, {
      greenRoomMs: 2000,
      reelsMs: 150,
      luckyFateMs: 300,
      ballIntervalMs: 100,
      ruthlessMs: 800,
      revealMs: 100,
    });
    for (const token of holders) {
      const claim = await api(server.url, 'POST', '/api/claim-ticket', token, {
        gameUuid: game.gameUuid,
        roomUuid,
      });
      expect(claim.status).toBe(201);
    }
    // The last show of the night: the room has no other game when it ends.
    const viewer = await Viewer.join(server.url, null, game.gameUuid);
    await viewer.waitFor((message) => message.event.type === 'game-ended', 60_000);
    viewer.close();
    const results = (await api(server.url, 'GET', `/api/games/${game.gameUuid}/results`, null))
      .body as unknown as GameResults;
    expect(results.outcome).toBe('all-steal');
    expect(results.rolloverPence).toBeGreaterThan(0);

    // The room keeps it: the lobby and the host console say so.
    const lobbyRoom = async () =>
      ((await (await fetch(`${server.url}/api/rooms?operator=enlivon`)).json()) as Room[]).find(
        (room) => room.roomUuid === roomUuid,
      );
    expect((await until(lobbyRoom, (room) => room?.rolloverPence !== 0))?.rolloverPence).toBe(
      results.rolloverPence,
    );
    const hostRooms = async () =>
      ((await api(server.url, 'GET', '/api/host/rooms', hostToken)).body.rooms as HostRoom[]).find(
        (room) => room.roomUuid === roomUuid,
      );
    expect((await hostRooms())?.rolloverPence).toBe(results.rolloverPence);
    // The ended show stays listed with its results until the room's next game exists.
    expect((await lobbyRoom())?.games.map((listed) => [listed.gameUuid, listed.state])).toEqual([
      [game.gameUuid, 'ended'],
    ]);
    expect((await lobbyRoom())?.games[0]?.rolloverPence).toBe(0);

    // Or for 10 minutes after its end, at most.
    await server.app.database.db
      .update(games)
      .set({ endedAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(eq(games.id, game.gameUuid));
    expect((await until(lobbyRoom, (room) => room?.games.length === 0))?.games).toEqual([]);

    // Scheduled later: the next game takes it, once.
    const next = await newGame(roomUuid, 60 * 60_000, {});
    const after = await newGame(roomUuid, 2 * 60 * 60_000, {});
    const listed = await until(
      () => lobbyGame(roomUuid, next.gameUuid),
      (found) => found?.rolloverPence !== 0,
    );
    expect(listed).toMatchObject({
      rolloverPence: results.rolloverPence,
      prizes: { fullHouse: 10_000 + results.rolloverPence },
    });
    expect(await lobbyGame(roomUuid, after.gameUuid)).toMatchObject({ rolloverPence: 0 });
    expect((await lobbyRoom())?.rolloverPence).toBe(0);
    expect((await lobbyRoom())?.games.map((listed) => listed.gameUuid)).toEqual([
      next.gameUuid,
      after.gameUuid,
    ]);
    expect((await hostRooms())?.rolloverPence).toBe(0);
    const hostGames = await api(server.url, 'GET', `/api/host/rooms/${roomUuid}/games`, hostToken);
    const hostNext = (hostGames.body.games as HostGame[]).find((found) => found.gameUuid === next.gameUuid);
    expect(hostNext).toMatchObject({ rolloverPence: results.rolloverPence, prizes: { fullHouse: 10_000 } });
  }, 90_000);
});
