import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMINGS } from '@ruthless/game';
import type { Room } from '@ruthless/protocol';
import { GAMES_PER_ROOM } from '../../../src/rooms/rooms.service';
import { startTestApp, type TestApp } from '../../support/test-app';

let server: TestApp;

/** A GET as it arrives, not decompressed (fetch would undo the gzip). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  server = await startTestApp({ DEMO: 'true' });
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/rooms', () => {
  it("lists the operator's rooms, each with its next games in start order", async () => {
    const before = Date.now();
    const response = await fetch(`${server.url}/api/rooms?operator=enlivon`);
    expect(response.status).toBe(200);
    const rooms = (await response.json()) as Room[];
    expect(rooms.map((room) => [room.name, room.theme, room.roomImage]).sort()).toEqual([
      ['Gold Rush', 'GOLD', '/rooms/gold-rush.webp'],
      ['Lucky Clover', 'GREEN', '/rooms/lucky-clover.webp'],
      ['Ruby Rush', 'RED', '/rooms/ruby-rush.webp'],
    ]);
    for (const room of rooms) {
      expect(Math.abs(Date.parse(room.serverTime) - before)).toBeLessThan(5000);
      expect(room.games).toHaveLength(GAMES_PER_ROOM);
      const starts = room.games.map((game) => Date.parse(game.gameStartTime));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(starts[0]).toBeGreaterThan(before);
      // A demo game starting within the green-room window may have opened it (the demo runs a
      // game every quarter of an hour, so this depends on the clock); any later one has not.
      const greenRoomFrom = Date.now() + DEFAULT_TIMINGS.greenRoomMs + 5000;
      for (const game of room.games) {
        const states =
          Date.parse(game.gameStartTime) <= greenRoomFrom ? ['scheduled', 'green-room'] : ['scheduled'];
        expect(states).toContain(game.state);
        expect(game).toMatchObject({
          hasGameStarted: false,
          maxTickets: 90,
          ticketsAvailable: 90,
          prizes: { oneLine: 1000, twoLines: 2500, fullHouse: 10000 },
        });
        expect(game.commitment).toMatch(/^[0-9a-f]{64}$/);
        expect(['pre-game', 'in-game']).toContain(game.prizeLuckyFateSelections);
      }
    }
  });

  it.each(['identity', 'gzip'])(
    'stamps every %s answer with a fresh server time, even from the cache',
    async (encoding) => {
      const stamp = async () => {
        const { body } = await rawGet(`${server.url}/api/rooms?operator=enlivon`, encoding);
        const json = encoding === 'gzip' ? gunzipSync(body).toString() : body.toString();
        return Date.parse((JSON.parse(json) as Room[])[0]!.serverTime);
      };
      const first = await stamp();
      // Until the clock (the server's, on this machine) has moved past the first stamp.
      await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(first), { interval: 1 });
      expect(await stamp()).toBeGreaterThan(first);
    },
  );

  it('answers in gzip to a client that asks for it, and as plain JSON to one that does not', async () => {
    const url = `${server.url}/api/rooms?operator=enlivon`;
    const [plain, gzipped] = await Promise.all([rawGet(url, 'identity'), rawGet(url, 'br;q=1, gzip;q=0.8')]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, gzipped]) expect(answer.headers.vary).toContain('accept-encoding');
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    const withoutTimes = (json: string) =>
      (JSON.parse(json) as Room[]).map(({ serverTime, ...room }) => {
        expect(Date.parse(serverTime)).not.toBeNaN();
        return room;
      });
    const unzipped = gunzipSync(gzipped.body).toString();
    expect(withoutTimes(unzipped)).toEqual(withoutTimes(plain.body.toString()));
    expect(withoutTimes(unzipped)).toHaveLength(3);
  });

  it.each([
    ['', "operator must be 'enlivon'"],
    ['?operator=someone-else', "operator must be 'enlivon'"],
    ['?operator=enlivon&extra=1', 'Unrecognized key: "extra"'],
  ])('refuses the query %s with a 400 naming the problem', async (query, message) => {
    const response = await fetch(`${server.url}/api/rooms${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain(message);
  });
});
