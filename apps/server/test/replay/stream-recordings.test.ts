import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema';
import { insertGame, insertRoom } from '../support/fixtures';
import { api } from '../support/live';
import { startTestApp, type TestApp } from '../support/test-app';

// The streaming server's hook (docs/live-streaming.md, Recording for the replay): who may call it,
// what it takes, and which show keeps the recording. The recipe's run for real: test/live/live-stream.
const SECRET = randomBytes(32).toString('base64');
const BEARER = `Bearer ${SECRET}`;
const PATH = '/api/streams/recordings';
const MINUTE = 60_000;
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({ STREAM_HOOK_SECRET: SECRET });
});
afterAll(async () => {
  await server?.close();
});

const recording = (overrides: Record<string, unknown> = {}) => ({
  streamKey: 'host1',
  recordingUrl: 'http://127.0.0.1:8080/recordings/host1-1700000000.mp4',
  startedAt: new Date().toISOString(),
  ...overrides,
});

/** A game in a fresh room that streams from `key`, changed as `columns` say. */
async function streamedGame(key: string, columns: Partial<typeof games.$inferInsert>): Promise<string> {
  const { db } = server.app.database;
  const gameId = await insertGame(db, await insertRoom(db, `Room ${key} ${Math.random()}`), {
    startsInMs: -10 * MINUTE,
    maxTickets: 10,
  });
  await db
    .update(games)
    .set({ videoSource: `http://127.0.0.1:8080/hls/${key}.m3u8`, ...columns })
    .where(eq(games.id, gameId));
  return gameId;
}

async function recordingOf(gameId: string) {
  const [row] = await server.app.database.db.select().from(games).where(eq(games.id, gameId));
  return { url: row?.recordingUrl ?? null, startedAt: row?.recordingStartedAt?.toISOString() ?? null };
}

describe('POST /api/streams/recordings', () => {
  it('is not there while STREAM_HOOK_SECRET is unset', async () => {
    const off = await startTestApp();
    try {
      const answer = await api(off.url, 'POST', PATH, BEARER, recording());
      expect(answer.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('refuses a caller without the secret before reading the body', async () => {
    for (const authorization of [null, `Bearer ${SECRET}x`, SECRET, 'Bearer ']) {
      const answer = await api(server.url, 'POST', PATH, authorization, { nonsense: true });
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.body.message).toBe('authorization: expects Bearer and the stream hook secret.');
    }
  });

  it('refuses a bad body with a message naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /streamKey/],
      [recording({ streamKey: 'a/b' }), /^streamKey expects 1 to 64 letters, digits, _ or -$/],
      [recording({ streamKey: 'k'.repeat(65) }), /^streamKey expects/],
      [recording({ recordingUrl: 'ftp://x/y.mp4' }), /^recordingUrl expects the recording’s http/],
      [recording({ recordingUrl: 'http://x/hls/host1.m3u8' }), /^recordingUrl expects a video file/],
      [recording({ startedAt: 'yesterday' }), /^startedAt expects an ISO 8601 date and time/],
      [recording({ startedAt: 1700000000 }), /^startedAt expects an ISO 8601 date and time/],
      [recording({ extra: 1 }), /extra/],
    ];
    for (const [body, message] of cases) {
      const answer = await api(server.url, 'POST', PATH, BEARER, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toMatch(message);
    }
    const notJson = await fetch(`${server.url}${PATH}`, {
      method: 'POST',
      headers: { authorization: BEARER, 'content-type': 'application/json' },
      body: '{"streamKey":',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers 404 for a key no show streamed from', async () => {
    const answer = await api(server.url, 'POST', PATH, BEARER, recording({ streamKey: 'nobody' }));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      message: 'No show played this stream key while it was recorded.',
      field: 'streamKey',
    });
  });

  it('keeps the recording on the latest show that played the key while it was recorded', async () => {
    const startedAt = new Date(Date.now() - 5 * MINUTE);
    // Over before the recording began; cancelled; not on air yet; another key: none of them.
    const endedBefore = await streamedGame('studio_a', {
      startTime: new Date(Date.now() - 30 * MINUTE),
      stage: 'ended',
      endedAt: new Date(Date.now() - 20 * MINUTE),
    });
    const cancelled = await streamedGame('studio_a', {
      startTime: new Date(Date.now() - 8 * MINUTE),
      stage: 'cancelled',
    });
    const later = await streamedGame('studio_a', { startTime: new Date(Date.now() + 10 * MINUTE) });
    // `_` is a LIKE wildcard: a key matched by pattern would take this game too.
    const lookalike = await streamedGame('studioxa', {
      startTime: new Date(Date.now() - 2 * MINUTE),
      stage: 'draw',
    });
    const onAir = await streamedGame('studio_a', {
      startTime: new Date(Date.now() - 3 * MINUTE),
      stage: 'ended',
      endedAt: new Date(Date.now() - MINUTE),
    });
    const url = 'https://video.example/recordings/studio_a-1700000000.mp4';
    const answer = await api(
      server.url,
      'POST',
      PATH,
      BEARER,
      recording({ streamKey: 'studio_a', recordingUrl: url, startedAt: startedAt.toISOString() }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ gameUuid: onAir });
    expect(await recordingOf(onAir)).toEqual({ url, startedAt: startedAt.toISOString() });
    for (const other of [endedBefore, cancelled, later, lookalike]) {
      expect(await recordingOf(other)).toEqual({ url: null, startedAt: null });
    }
  });
});
