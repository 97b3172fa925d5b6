import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ActiveTicket,
  ClaimResponse,
  ClientToServerEvents,
  GameMetadata,
  HostGame,
  Room,
  ServerToClientEvents,
} from '@ruthless/protocol';
import { ClaimMessage } from '@ruthless/protocol';
import { eq } from 'drizzle-orm';
import { ticketAt } from '@ruthless/game';
import { gameEvents, games, users } from '../../../src/db/schema';
import { identityToken, registeredPlayer } from '../../support/http';
import { api, withDetails } from '../../support/live';
import { startTestApp, type TestApp } from '../../support/test-app';
import { MANY_SIGN_UPS } from '../../support/show';

const HOST_EMAIL = 'host@ruthless.test';
let server: TestApp;
let hostToken: string;
let roomUuid: string;
let playerCount = 0;

const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
  api(server.url, method, path, token ?? null, body);

async function newPlayer(): Promise<string> {
  playerCount += 1;
  return (await registeredPlayer(server.url, `player${playerCount}@ruthless.test`)).token;
}

async function scheduleGame(overrides: Record<string, unknown> = {}): Promise<HostGame> {
  const { status, body } = await call('POST', `/api/host/rooms/${roomUuid}/games`, hostToken, {
    gameStartTime: new Date(Date.now() + 60 * 60_000 + Math.floor(Math.random() * 1e7)).toISOString(),
    maxTickets: 10,
    prizeLuckyFateSelections: 'in-game',
    prizes: { oneLine: 500, twoLines: 1000, fullHouse: 5000 },
    ...overrides,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as unknown as HostGame;
}

beforeAll(async () => {
  server = await startTestApp(
    { ADMIN_EMAILS: HOST_EMAIL },
    {
      reachablePublicUrl: true,
      accounts: {
        limits: MANY_SIGN_UPS,
      },
    },
  );
  // The host role needs a verified address (else anyone could sign up with a host's email).
  const host = await registeredPlayer(server.url, HOST_EMAIL);
  await server.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, HOST_EMAIL));
  hostToken = await identityToken(host.browser);
  const room = await call('POST', '/api/host/rooms', hostToken, {
    name: 'Test Room',
    theme: 'GOLD',
    roomImage: '/rooms/gold-rush.svg',
  });
  expect(room.status).toBe(201);
  roomUuid = room.body.roomUuid as string;
});

afterAll(async () => {
  await server?.close();
});

describe('host scheduling', () => {
  it('schedules a game with a seed commitment, listed in the lobby', async () => {
    const game = await scheduleGame();
    expect(game.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(game).toMatchObject({ roomUuid, state: 'scheduled', maxTickets: 10, ticketsAvailable: 10 });
    const rooms = (await call('GET', '/api/rooms?operator=enlivon', undefined)).body as unknown as Room[];
    const listed = rooms.find((room) => room.roomUuid === roomUuid)!;
    expect(listed).toMatchObject({ name: 'Test Room', theme: 'GOLD' });
    expect(listed.games.map((g) => g.gameUuid)).toContain(game.gameUuid);
  });

  it('refuses players who are not hosts with 403, and anyone without a token with 401', async () => {
    const player = await newPlayer();
    const asPlayer = await call('POST', '/api/host/rooms', player, { name: 'Mine', roomImage: '/x.svg' });
    expect(asPlayer.status).toBe(403);
    const anonymous = await call('POST', `/api/host/games/${crypto.randomUUID()}/cancel`, undefined);
    expect(anonymous.status).toBe(401);
  });

  it.each([
    [{ gameStartTime: 'tomorrow' }, 'gameStartTime must be an ISO 8601 date and time'],
    [{ maxTickets: 0 }, 'maxTickets must be at least 1'],
    [{ prizes: { oneLine: -1, twoLines: 0, fullHouse: 0 } }, 'prizes.oneLine cannot be negative'],
    [{ timings: { ballIntervalMs: 50 } }, 'ballIntervalMs must be at least 100 ms'],
    [{ prizeLuckyFateSelections: 'never' }, 'prizeLuckyFateSelections'],
    [{ surprise: true }, 'Unrecognized key'],
    [{ gameStartTime: new Date(Date.now() - 1000).toISOString() }, 'gameStartTime must be in the future'],
  ])('refuses a game %o with a clear 400', async (overrides, message) => {
    const { status, body } = await call('POST', `/api/host/rooms/${roomUuid}/games`, hostToken, {
      gameStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      maxTickets: 5,
      prizeLuckyFateSelections: 'in-game',
      prizes: { oneLine: 1, twoLines: 2, fullHouse: 3 },
      ...overrides,
    });
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });

  it('changes a game before it starts, never below the tickets already claimed', async () => {
    const game = await scheduleGame({ maxTickets: 3 });
    for (let i = 0; i < 2; i++) {
      const claim = await call('POST', '/api/claim-ticket', await newPlayer(), {
        gameUuid: game.gameUuid,
        roomUuid,
      });
      expect(claim.status).toBe(201);
    }
    const tooFew = await call('PATCH', `/api/host/games/${game.gameUuid}`, hostToken, { maxTickets: 1 });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.message).toBe('maxTickets cannot be below the 2 tickets already claimed');
    const more = await call('PATCH', `/api/host/games/${game.gameUuid}`, hostToken, { maxTickets: 20 });
    expect(more.body).toMatchObject({ maxTickets: 20, ticketsAvailable: 18 });
  });
});

describe('claiming tickets', () => {
  it('deals one valid ticket per player per game; claiming again returns the same ticket', async () => {
    const game = await scheduleGame();
    const player = await newPlayer();
    const first = await call('POST', '/api/claim-ticket', player, { gameUuid: game.gameUuid, roomUuid });
    expect(first.status).toBe(201);
    const claimed = first.body as unknown as ClaimResponse;
    const numbers = claimed.ticket.ticket.flat().filter((cell): cell is number => cell !== null);
    expect(numbers).toHaveLength(15);
    for (const row of claimed.ticket.ticket) expect(row.filter((cell) => cell !== null)).toHaveLength(5);
    expect(claimed.ticket.luckyFatePick).toBeNull();

    const again = await call('POST', '/api/claim-ticket', player, { gameUuid: game.gameUuid, roomUuid });
    expect(again.status).toBe(200);
    expect((again.body as unknown as ClaimResponse).created).toBe(false);
    expect((again.body as unknown as ClaimResponse).ticket).toEqual(claimed.ticket);

    const purchases = await call('GET', '/api/purchases?unFinishedGames=true', player);
    const mine = purchases.body as unknown as ActiveTicket[];
    expect(mine).toEqual([claimed.ticket]);
    const rooms = (await call('GET', '/api/rooms?operator=enlivon', undefined)).body as unknown as Room[];
    const listed = rooms.flatMap((room) => room.games).find((g) => g.gameUuid === game.gameUuid)!;
    // The lobby caches for a second at most. Genuinely a span: the cache's lifetime is what is
    // tested (a poll would pass on a cache kept longer).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = (await call('GET', '/api/rooms?operator=enlivon', undefined)).body as unknown as Room[];
    expect(
      fresh.flatMap((room) => room.games).find((g) => g.gameUuid === game.gameUuid)!.ticketsAvailable,
    ).toBe(9);
    expect(listed.maxTickets).toBe(10);
  });

  it('takes a face-down card on the purchase page of pre-game games, and only there', async () => {
    const game = await scheduleGame({ prizeLuckyFateSelections: 'pre-game' });
    const player = await newPlayer();
    await withDetails(server.url, player, `Buyer${playerCount}`, 'steal');
    const withoutCard = await call('POST', '/api/claim-ticket', player, {
      gameUuid: game.gameUuid,
      roomUuid,
    });
    expect(withoutCard).toMatchObject({ status: 409, body: { message: ClaimMessage.needsCard } });
    const badCard = await call('POST', '/api/purchase', player, {
      gameUuid: game.gameUuid,
      roomUuid,
      luckyFateCard: 3,
    });
    expect(badCard).toMatchObject({
      status: 400,
      body: { message: 'Pick one of the three lucky-fate cards', field: 'luckyFateCard' },
    });
    const bought = await call('POST', '/api/purchase', player, {
      gameUuid: game.gameUuid,
      roomUuid,
      luckyFateCard: 2,
    });
    expect(bought.status).toBe(201);
    expect((bought.body as unknown as ClaimResponse).ticket).toMatchObject({
      luckyFatePick: 2,
      luckyFateMultiplier: null,
    });
    // Stored with the ticket: the claim as the game's event, with the profile's default choice.
    const db = server.app.database.db;
    const [buyer] = await db
      .select()
      .from(users)
      .where(eq(users.email, `player${playerCount}@ruthless.test`));
    const [stored] = await db.select().from(games).where(eq(games.id, game.gameUuid));
    const [event] = await db.select().from(gameEvents).where(eq(gameEvents.gameId, game.gameUuid));
    expect(event).toMatchObject({
      seq: 1,
      type: 'ticket-claimed',
      event: {
        type: 'ticket-claimed',
        at: expect.any(Number),
        ticketIndex: 0,
        playerId: buyer!.id,
        defaultChoice: 'steal',
        luckyFatePick: 2,
      },
    });
    expect((bought.body as unknown as ClaimResponse).ticket.ticket).toEqual(ticketAt(stored!.seedHex, 0));

    const inGame = await scheduleGame({ prizeLuckyFateSelections: 'in-game' });
    const cardTooEarly = await call('POST', '/api/purchase', player, {
      gameUuid: inGame.gameUuid,
      roomUuid,
      luckyFateCard: 0,
    });
    expect(cardTooEarly).toMatchObject({ status: 409, body: { message: ClaimMessage.cardInGame } });
  });

  it('refuses with a clear message when sold out, missing, in another room, started or cancelled', async () => {
    const soldOut = await scheduleGame({ maxTickets: 1 });
    expect(
      (await call('POST', '/api/claim-ticket', await newPlayer(), { gameUuid: soldOut.gameUuid, roomUuid }))
        .status,
    ).toBe(201);
    expect(
      await call('POST', '/api/claim-ticket', await newPlayer(), { gameUuid: soldOut.gameUuid, roomUuid }),
    ).toMatchObject({
      status: 409,
      body: { message: ClaimMessage.soldOut },
    });

    const player = await newPlayer();
    expect(
      await call('POST', '/api/claim-ticket', player, { gameUuid: crypto.randomUUID(), roomUuid }),
    ).toMatchObject({
      status: 404,
      body: { message: ClaimMessage.notFound },
    });
    const game = await scheduleGame();
    expect(
      await call('POST', '/api/claim-ticket', player, {
        gameUuid: game.gameUuid,
        roomUuid: crypto.randomUUID(),
      }),
    ).toMatchObject({ status: 404, body: { message: ClaimMessage.wrongRoom } });

    // Someone holds a ticket, so the show goes on at its start (an empty game is called off).
    const holder = await newPlayer();
    const startsAt = Date.now() + 1500;
    const startsSoon = await scheduleGame({ gameStartTime: new Date(startsAt).toISOString() });
    await call('POST', '/api/claim-ticket', holder, { gameUuid: startsSoon.gameUuid, roomUuid });
    // Until the start time itself has passed (the claim's rule reads the clock, not an event).
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(startsAt), { timeout: 5_000, interval: 20 });
    expect(
      await call('POST', '/api/claim-ticket', player, { gameUuid: startsSoon.gameUuid, roomUuid }),
    ).toMatchObject({
      status: 409,
      body: { message: ClaimMessage.started },
    });

    const cancelled = await scheduleGame();
    expect((await call('POST', `/api/host/games/${cancelled.gameUuid}/cancel`, hostToken)).status).toBe(200);
    expect(
      await call('POST', '/api/claim-ticket', player, { gameUuid: cancelled.gameUuid, roomUuid }),
    ).toMatchObject({
      status: 409,
      body: { message: ClaimMessage.cancelled },
    });
  });

  it('refuses bad input and missing identity with a 4xx, never a 500', async () => {
    const player = await newPlayer();
    const cases: [string | undefined, unknown, number][] = [
      [player, { gameUuid: 'nope', roomUuid }, 400],
      [player, { gameUuid: 42, roomUuid }, 400],
      [player, { roomUuid }, 400],
      [player, { gameUuid: crypto.randomUUID(), roomUuid, extra: 1 }, 400],
      [player, 'x'.repeat(70_000), 413],
      [undefined, { gameUuid: crypto.randomUUID(), roomUuid }, 401],
      ['not-a-token', { gameUuid: crypto.randomUUID(), roomUuid }, 401],
    ];
    for (const [token, body, status] of cases) {
      const response = await call('POST', '/api/claim-ticket', token, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(typeof response.body.message).toBe('string');
    }
  });
});

describe('live metadata and cancellations', () => {
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  afterAll(() => {
    socket?.disconnect();
  });

  it('pushes ticketsAvailable within a second of claims, coalescing a burst', async () => {
    socket = connectSocket(server.url, { transports: ['websocket'], reconnection: false });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const game = await scheduleGame({ maxTickets: 50 });
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer()));
    const updates: GameMetadata[] = [];
    socket.on('metadata', (metadata) => {
      if (metadata.gameUuid === game.gameUuid) updates.push(metadata);
    });
    const started = Date.now();
    await Promise.all(
      players.map((token) => call('POST', '/api/claim-ticket', token, { gameUuid: game.gameUuid, roomUuid })),
    );
    await vi.waitFor(() => expect(updates.at(-1)?.ticketsAvailable).toBe(44), {
      timeout: 3000,
      interval: 20,
    });
    expect(updates.at(-1)).toEqual({
      gameUuid: game.gameUuid,
      roomUuid,
      maxTickets: 50,
      ticketsAvailable: 44,
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(updates.length).toBeLessThan(players.length);
  });

  it("sends a claim to the game's viewers as the engine folded it, before the lobby's coalesced counts", async () => {
    const game = await scheduleGame({ maxTickets: 50 });
    const viewer: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(server.url, {
      transports: ['websocket'],
      auth: { preview: true },
      reconnection: false,
    });
    try {
      const joined = await viewer.emitWithAck('game:join', { gameUuid: game.gameUuid, lastSeq: null });
      expect(joined.ok).toBe(true);
      const seen: string[] = [];
      const claims: { seq: number; ticketIndex: number; held: number }[] = [];
      viewer.on('game:event', (message) => {
        if (message.event.type !== 'ticket-claimed') return;
        seen.push(`event ${message.seq}`);
        claims.push({
          seq: message.seq,
          ticketIndex: message.event.ticketIndex,
          held: message.view.statusBarData.players,
        });
      });
      viewer.on('metadata', (metadata) => {
        if (metadata.gameUuid === game.gameUuid) seen.push(`metadata ${metadata.ticketsAvailable}`);
      });
      for (const seq of [1, 2]) {
        const claimed = await call('POST', '/api/claim-ticket', await newPlayer(), {
          gameUuid: game.gameUuid,
          roomUuid,
        });
        expect(claimed.status).toBe(201);
        await expect.poll(() => seen.at(-1)).toBe(`metadata ${50 - seq}`);
      }
      // Each claim's event came first, at once; the counts followed in their own time.
      expect(seen).toEqual(['event 1', 'metadata 49', 'event 2', 'metadata 48']);
      expect(claims).toEqual([
        { seq: 1, ticketIndex: 0, held: 1 },
        { seq: 2, ticketIndex: 1, held: 2 },
      ]);
    } finally {
      viewer.disconnect();
    }
  });

  it('cancels a game: tickets released and holders told', async () => {
    const game = await scheduleGame();
    const holder = await newPlayer();
    await call('POST', '/api/claim-ticket', holder, { gameUuid: game.gameUuid, roomUuid });
    const told = new Promise((resolve) => socket.on('game-cancelled', resolve));
    const cancelled = await call('POST', `/api/host/games/${game.gameUuid}/cancel`, hostToken);
    expect(cancelled.body).toMatchObject({ state: 'cancelled' });
    expect(await told).toEqual({ gameUuid: game.gameUuid, roomUuid, gameStartTime: game.gameStartTime });
    const purchases = (await call('GET', '/api/purchases?unFinishedGames=true', holder))
      .body as unknown as ActiveTicket[];
    expect(purchases.map((ticket) => ticket.gameUuid)).not.toContain(game.gameUuid);
    const again = await call('POST', `/api/host/games/${game.gameUuid}/cancel`, hostToken);
    expect(again.status).toBe(409);
  });
});
