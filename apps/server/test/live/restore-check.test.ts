import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../src/app';
import { gameEvents } from '../../src/db/schema';
import { api } from '../support/live';
import { playerWithDetails, scheduleGame, startShow } from '../support/show';
import { createScratchDatabase, startTestApp, type TestApp } from '../support/test-app';

// docs/operations.md, Back up and restore: a copy of the live database, started to check it,
// must not resume the shows that were on air when it was taken (it would draw their balls, and
// with the live Redis fan them out to the live phones). READ_ONLY=true serves reads and runs none.

const HOST = 'host@restore.test';
const TIMINGS = { greenRoomMs: 300, reelsMs: 100, luckyFateMs: 100, ballIntervalMs: 200, revealMs: 100 };

async function ballsOf(app: TestApp, gameId: string): Promise<number> {
  const [row] = await app.app.database.db
    .select({ balls: count() })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), eq(gameEvents.type, 'ball-called')));
  return row?.balls ?? 0;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a restore check (READ_ONLY=true)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('answers reads and refuses writes, and a show that was on air draws no ball', async () => {
    // One database for the three servers: a folder of PGlite, or a PostgreSQL database of its own.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-restore-check-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
    if (database) cleanups.push(() => database.drop());
    const env: Record<string, string> = database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };

    // The live server: a show on air, three balls drawn, then it stops (the copy is taken).
    const show = await startShow({
      host: HOST,
      room: { name: 'Restore Room', theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
      env,
    });
    const player = await playerWithDetails(show.server.url, 'Rita');
    const game = await scheduleGame(show, 2000, { timings: TIMINGS });
    const claim = await api(show.server.url, 'POST', '/api/claim-ticket', player.token, {
      gameUuid: game.gameUuid,
      roomUuid: game.roomUuid,
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    await waitUntil(async () => (await ballsOf(show.server, game.gameUuid)) >= 3, 30_000);
    await show.server.close();

    const check = await startTestApp({ ...env, READ_ONLY: 'true' });
    cleanups.push(() => check.close());
    const drawn = await ballsOf(check, game.gameUuid);
    // Reads answer.
    const read = await api(check.url, 'GET', '/api/rooms?operator=enlivon', player.token);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(JSON.stringify(read.body)).toContain('Restore Room');
    expect((await fetch(`${check.url}/health`)).status).toBe(200);
    // Writes do not, whoever asks, with why.
    const write = await api(check.url, 'POST', '/api/host/rooms', show.hostToken, {
      name: 'Not Now',
      theme: 'GOLD',
      roomImage: '/rooms/gold-rush.svg',
    });
    expect(write).toEqual({
      status: 503,
      body: { statusCode: 503, code: 'read-only', message: READ_ONLY_MESSAGE },
    });
    // Nor do the live sockets.
    const socket = connectSocket(check.url, {
      transports: ['websocket'],
      reconnection: false,
      auth: { preview: true },
    });
    const refused = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    });
    socket.close();
    expect(refused).toBe(READ_ONLY_MESSAGE);
    // A ball that must not come has no event to wait for: ten of the show's ball intervals pass.
    await new Promise((resolve) => setTimeout(resolve, 10 * TIMINGS.ballIntervalMs));
    expect(await ballsOf(check, game.gameUuid)).toBe(drawn);
    await check.close();

    // The same copy started as a live server does resume the show: the check above could fail.
    const resumed = await startTestApp(env);
    cleanups.push(() => resumed.close());
    await waitUntil(async () => (await ballsOf(resumed, game.gameUuid)) > drawn, 30_000);
    await resumed.close();
  }, 180_000);
});
