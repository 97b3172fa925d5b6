import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import { ticketAt } from '@ruthless/game';
import { ClaimMessage, type GameMetadata } from '@ruthless/protocol';
import { queryRows } from '../../src/db/database';
import { gameEvents, games, tickets } from '../../src/db/schema';
import { SERVER_RATE_LIMIT_PREFIX } from '../../src/auth/rate-limit';
import { METADATA_COALESCE_MS } from '../../src/lobby/metadata-publisher';
import { insertGame, insertPlayers, insertRoom } from '../support/fixtures';
import { freePort, startTestApp, waitForHealth, type TestApp } from '../support/test-app';

const CLAIMANTS = 500;
const MAX_TICKETS = 100;

let server: TestApp;
let secondProcess: ChildProcess | undefined;
const baseUrls: string[] = [];

beforeAll(async () => {
  // The second process counts rate limits under the server's own prefix: share it.
  server = await startTestApp({}, { accounts: { rateLimitPrefix: SERVER_RATE_LIMIT_PREFIX } });
  baseUrls.push(server.url);
  // On PostgreSQL (CI) a second server process shares the database, as behind a load balancer.
  if (server.databaseUrl) {
    const port = await freePort();
    secondProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DEMO: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: server.databaseUrl,
        // Tokens are checked against the first process's issuer.
        PUBLIC_URL: server.app.config.publicUrl,
      },
      stdio: 'inherit',
    });
    baseUrls.push(`http://127.0.0.1:${port}`);
    expect((await waitForHealth(baseUrls[1]!, 45_000)).status).toBe(200);
  }
});

afterAll(async () => {
  if (secondProcess) {
    const exited = new Promise((resolve) => secondProcess!.once('exit', resolve));
    secondProcess.kill('SIGTERM');
    await exited;
  }
  await server?.close();
});

interface GameCounts {
  available: number;
  dealt: number;
  max: number;
  pools_left: number;
  pools_dealt: number;
  stored: number;
}

/**
 * The game's counts in one snapshot: its row, its sub-pools' rows and its tickets must agree at
 * every commit (the lobby shows the row's).
 */
async function countsOf(gameId: string) {
  const [counts] = await queryRows<GameCounts>(
    server.app.database.db,
    sql`select g.tickets_available as available, g.tickets_dealt as dealt, g.max_tickets as max,
      (select sum(p.tickets_left)::int from ticket_pools p where p.game_id = g.id) as pools_left,
      (select sum(p.tickets_dealt)::int from ticket_pools p where p.game_id = g.id) as pools_dealt,
      (select count(*)::int from tickets t where t.game_id = g.id) as stored
      from games g where g.id = ${gameId}`,
  );
  return counts!;
}

describe(`${CLAIMANTS} simultaneous claims for ${MAX_TICKETS} tickets`, () => {
  it.each([1, 4])(
    'with %i sub-pools deal exactly the tickets there are, never one more, the counts exact at every step, each strip without a repeated number',
    async (ticketPools) => {
      const db = server.app.database.db;
      const seedHex = 'ab'.repeat(32);
      const roomId = await insertRoom(db, `Rush Hour ${ticketPools}`);
      const gameId = await insertGame(db, roomId, {
        startsInMs: 3_600_000,
        maxTickets: MAX_TICKETS,
        seedHex,
        ticketPools,
      });
      const tokens = (await insertPlayers(server.app, CLAIMANTS, 'Claimant')).map((player) => player.token);

      // A lobby viewer on the last process hears the coalesced updates, wherever the claims land.
      const viewer = connectSocket(baseUrls.at(-1)!, { transports: ['websocket'], reconnection: false });
      await new Promise((resolve) => viewer.once('connect', () => resolve(undefined)));
      const updates: GameMetadata[] = [];
      viewer.on('metadata', (metadata) => {
        if (metadata.gameUuid === gameId) updates.push(metadata);
      });

      // A player told the server is busy (503: its connection pool is queued up on a loaded
      // machine) taps again, as the app's message asks; the claim is idempotent per player.
      const claim = async (token: string, baseUrl: string) => {
        for (let attempt = 1; ; attempt++) {
          const response = await fetch(`${baseUrl}/api/claim-ticket`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify({ gameUuid: gameId, roomUuid: roomId }),
          });
          const body = (await response.json()) as { message?: string };
          if (response.status !== 503 || attempt === 5) return { status: response.status, body };
          // The player's own pause before tapping again (a back-off), not a wait for the server.
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      };
      // The counts read again and again while the rush is dealt, each read one snapshot.
      let rushing = true;
      const samples: GameCounts[] = [];
      const sampling = (async () => {
        while (rushing) {
          samples.push(await countsOf(gameId));
          // PGlite answers without a turn of the event loop: let the claims' requests in.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const rushStart = Date.now();
      const results = await Promise.all(
        tokens.map((token, i) => claim(token, baseUrls[i % baseUrls.length]!)),
      );
      rushing = false;
      await sampling;
      expect(samples.length).toBeGreaterThan(1);
      for (const counts of [...samples, await countsOf(gameId)]) {
        expect(counts.available).toBe(counts.max - counts.stored);
        expect(counts.pools_left).toBe(counts.available);
        expect(counts.dealt).toBe(counts.stored);
        expect(counts.pools_dealt).toBe(counts.stored);
      }

      const dealt = results.filter((result) => result.status === 201);
      const refused = results.filter((result) => result.status !== 201);
      expect(dealt).toHaveLength(MAX_TICKETS);
      expect(refused).toHaveLength(CLAIMANTS - MAX_TICKETS);
      for (const result of refused)
        expect(result).toEqual({
          status: 409,
          body: expect.objectContaining({ message: ClaimMessage.soldOut }),
        });

      const deadline = Date.now() + 5000;
      while (updates.at(-1)?.ticketsAvailable !== 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const rushMs = Date.now() - rushStart;
      viewer.disconnect();
      expect(updates.at(-1)).toMatchObject({ maxTickets: MAX_TICKETS, ticketsAvailable: 0 });
      // Coalesced: at most one update a window (a rush on a loaded machine lasts more windows),
      // where one a dealt ticket would be 100.
      expect(updates.length).toBeLessThanOrEqual(Math.ceil(rushMs / METADATA_COALESCE_MS) + 1);
      expect(updates.length).toBeLessThan(MAX_TICKETS);
      // Each push read the count fresh: it only ever goes down.
      const told = updates.map((update) => update.ticketsAvailable);
      expect(told).toEqual([...told].sort((a, b) => b - a));

      const [after] = await db.select().from(games).where(eq(games.id, gameId));
      expect(after).toMatchObject({ ticketsAvailable: 0, ticketsDealt: MAX_TICKETS });
      const stored = await db.select().from(tickets).where(eq(tickets.gameId, gameId));
      expect(stored).toHaveLength(MAX_TICKETS);
      expect(new Set(stored.map((ticket) => ticket.playerId)).size).toBe(MAX_TICKETS);
      expect(stored.map((ticket) => ticket.ticketIndex).sort((a, b) => a - b)).toEqual(
        Array.from({ length: MAX_TICKETS }, (_, i) => i),
      );
      const strips = new Map<number, number[]>();
      for (const ticket of stored) {
        const numbers = ticketAt(seedHex, ticket.ticketIndex)
          .flat()
          .filter((cell): cell is number => cell !== null);
        const strip = Math.floor(ticket.ticketIndex / 6);
        strips.set(strip, [...(strips.get(strip) ?? []), ...numbers]);
      }
      for (const [strip, numbers] of strips) {
        expect(new Set(numbers).size, `strip ${strip}`).toBe(numbers.length);
        if (numbers.length === 90) expect(new Set(numbers).size).toBe(90);
      }
      // The log holds every claim once, seqs without a gap, and the engine folds it (in whatever
      // index order the sub-pools' deals committed).
      const events = await db.select().from(gameEvents).where(eq(gameEvents.gameId, gameId));
      expect(events.map((event) => event.seq).sort((a, b) => a - b)).toEqual(
        Array.from({ length: MAX_TICKETS }, (_, i) => i + 1),
      );
      expect((await server.app.live.get(gameId))?.state.tickets.held).toBe(MAX_TICKETS);
    },
    120_000,
  );

  it.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
    'tells a lobby on the other process of claims made on this one, the newest count last',
    async () => {
      const db = server.app.database.db;
      const roomId = await insertRoom(db, 'Across');
      const gameId = await insertGame(db, roomId, { startsInMs: 3_600_000, maxTickets: 10 });
      const players = await insertPlayers(server.app, 6, 'Across');
      const viewer = connectSocket(baseUrls[1]!, { transports: ['websocket'], reconnection: false });
      const told: number[] = [];
      viewer.on('metadata', (metadata: GameMetadata) => {
        if (metadata.gameUuid === gameId) told.push(metadata.ticketsAvailable);
      });
      await new Promise((resolve) => viewer.once('connect', () => resolve(undefined)));
      // Every claim on the first process: the second hears of them only from it.
      for (const player of players) {
        const response = await fetch(`${baseUrls[0]}/api/claim-ticket`, {
          method: 'POST',
          headers: { authorization: player.token, 'content-type': 'application/json' },
          body: JSON.stringify({ gameUuid: gameId, roomUuid: roomId }),
        });
        expect(response.status).toBe(201);
      }
      await expect.poll(() => told.at(-1), { timeout: 5000 }).toBe(4);
      viewer.disconnect();
      expect(told).toEqual([...told].sort((x, y) => y - x));
    },
  );

  it('answers the same player claiming 10 times at once with the one ticket each time, never a 5xx', async () => {
    const db = server.app.database.db;
    const roomId = await insertRoom(db, 'Twice');
    const gameId = await insertGame(db, roomId, { startsInMs: 3_600_000, maxTickets: 10 });
    const [player] = await insertPlayers(server.app, 1, 'Eager');
    const token = player!.token;
    const results = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const response = await fetch(`${baseUrls[i % baseUrls.length]}/api/claim-ticket`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ gameUuid: gameId, roomUuid: roomId }),
        });
        return {
          status: response.status,
          body: (await response.json()) as { ticket?: { ticketIndex?: number } },
        };
      }),
    );
    expect(results.map((result) => result.status).filter((status) => status >= 400)).toEqual([]);
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(new Set(results.map((result) => JSON.stringify(result.body.ticket))).size).toBe(1);
    expect(await db.select().from(tickets).where(eq(tickets.playerId, player!.id))).toHaveLength(1);
  });

  it('gives each claim of one rush its own answer: wrong room, held, dealt or sold out', async () => {
    const db = server.app.database.db;
    const roomId = await insertRoom(db, 'Mixed');
    const otherRoomId = await insertRoom(db, 'Elsewhere');
    const gameId = await insertGame(db, roomId, { startsInMs: 3_600_000, maxTickets: 3 });
    const players = await insertPlayers(server.app, 5, 'Mixed');
    // Sent at once, so they are dealt in the same groups: one player twice, one in the wrong room.
    const requests = [0, 1, 0, 2, 3, 4].map((player, i) => ({
      player: players[player]!,
      roomUuid: i === 5 ? otherRoomId : roomId,
    }));
    const results = await Promise.all(
      requests.map(async ({ player, roomUuid }, i) => {
        const response = await fetch(`${baseUrls[i % baseUrls.length]}/api/claim-ticket`, {
          method: 'POST',
          headers: { authorization: player.token, 'content-type': 'application/json' },
          body: JSON.stringify({ gameUuid: gameId, roomUuid }),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      }),
    );
    expect(results[5]).toMatchObject({ status: 404, body: { message: ClaimMessage.wrongRoom } });
    const stored = await db.select().from(tickets).where(eq(tickets.gameId, gameId));
    expect(stored).toHaveLength(3);
    const holders = new Set(stored.map((ticket) => ticket.playerId));
    requests.slice(0, 5).forEach(({ player }, i) => {
      const result = results[i]!;
      if (!holders.has(player.id)) {
        expect(result).toMatchObject({ status: 409, body: { message: ClaimMessage.soldOut } });
        return;
      }
      const held = stored.find((ticket) => ticket.playerId === player.id)!;
      expect([200, 201]).toContain(result.status);
      expect(result.body).toMatchObject({ ticket: { ticketIndex: held.ticketIndex } });
    });
    // The player who asked twice was dealt once: one 201 per ticket.
    expect(results.filter((result) => result.status === 201)).toHaveLength(3);
  });
});
