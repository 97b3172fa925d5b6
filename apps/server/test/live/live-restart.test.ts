import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drawOrder } from '@ruthless/game';
import type { GameResults, HostGame } from '@ruthless/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { registeredPlayer } from '../support/http';
import { api, provenHost, Viewer, withDetails } from '../support/live';
import { createScratchDatabase, freePort, waitForHealth } from '../support/test-app';

const HOST = 'host@ruthless.test';
const serverDir = path.resolve(import.meta.dirname, '../..');

describe('a server killed mid-draw', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('carries on from the stored events after a restart: committed order, no ball twice or skipped', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-restart-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
    if (database) cleanups.push(() => database.drop());
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      ADMIN_EMAILS: HOST,
    };
    const start = (): ChildProcess => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env,
        stdio: 'inherit',
      });
      cleanups.push(async () => {
        if (child.exitCode === null) child.kill('SIGKILL');
      });
      return child;
    };

    let server = start();
    expect((await waitForHealth(base, 90_000)).status).toBe(200);
    const { token: hostToken } = await provenHost(base, HOST);
    // Before the game exists: it opens in 2 s, and signing up takes a while on a loaded machine.
    const { token } = await registeredPlayer(base, 'erin@ruthless.test');
    await withDetails(base, token, 'Erin', 'share');
    const room = await api(base, 'POST', '/api/host/rooms', hostToken, {
      name: 'Crash Room',
      roomImage: '/rooms/gold-rush.svg',
    });
    const created = await api(
      base,
      'POST',
      `/api/host/rooms/${room.body.roomUuid as string}/games`,
      hostToken,
      {
        gameStartTime: new Date(Date.now() + 2000).toISOString(),
        maxTickets: 5,
        prizeLuckyFateSelections: 'pre-game',
        prizes: { oneLine: 100, twoLines: 200, fullHouse: 1000 },
        timings: { greenRoomMs: 1500, reelsMs: 100, luckyFateMs: 100, ballIntervalMs: 200, revealMs: 100 },
      },
    );
    const game = created.body as unknown as HostGame;
    const claim = await api(base, 'POST', '/api/purchase', token, {
      gameUuid: game.gameUuid,
      roomUuid: game.roomUuid,
      luckyFateCard: 1,
    });
    expect(claim.status).toBe(201);

    const viewer = await Viewer.join(base, token, game.gameUuid);
    cleanups.push(async () => viewer.close());
    await viewer.waitFor(() => viewer.balls.length >= 5, 30_000);

    const killed = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await killed;
    const ballsBeforeKill = [...viewer.balls];

    server = start();
    expect((await waitForHealth(base, 90_000)).status).toBe(200);
    const restartedAt = Date.now();
    await viewer.waitFor(() => viewer.balls.length > ballsBeforeKill.length, 15_000);
    // The next ball came within 5 seconds of the restarted server answering.
    expect(Date.now() - restartedAt).toBeLessThan(5000);

    await viewer.waitFor((message) => message.event.type === 'game-ended', 90_000);
    const { status, body } = await api(base, 'GET', `/api/games/${game.gameUuid}/results`, null);
    expect(status).toBe(200);
    const results = body as unknown as GameResults;
    expect(results.ballSequence.slice(0, ballsBeforeKill.length)).toEqual(ballsBeforeKill);
    expect(new Set(results.ballSequence).size).toBe(results.ballSequence.length);
    expect(results.ballSequence).toEqual(drawOrder(results.seed).slice(0, results.ballSequence.length));
    expect(viewer.balls).toEqual(results.ballSequence);

    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }, 240_000);
});
