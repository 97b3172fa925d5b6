import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOM_IMAGE_MAX_BYTES,
  type AuditEntry,
  type HostGame,
  type HostRoom,
  type Room,
} from '@ruthless/protocol';
import { users } from '../../../src/db/schema';
import { scheduleStarts } from '../../../src/host/schedule';
import { decodeJwt, identityToken, rawRequest, registeredPlayer } from '../../support/http';
import { api } from '../../support/live';
import {
  playerWithDetails,
  scheduleGame as scheduleShowGame,
  startShow,
  type Show,
} from '../../support/show';
import type { TestApp } from '../../support/test-app';

const HOST_EMAIL = 'host@ruthless.test';
let show: Show;
let server: TestApp;
let hostToken: string;
let playerToken: string;
let roomUuid: string;

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  api(server.url, method, path, token, body);

const gameBody = {
  maxTickets: 12,
  prizeLuckyFateSelections: 'pre-game',
  prizes: { oneLine: 500, twoLines: 1000, fullHouse: 5000 },
  timings: { ballIntervalMs: 2500 },
  videoSource: 'https://video.example.com/show.m3u8',
};

const scheduleGame = (startsInMs = 60 * 60_000 + Math.floor(Math.random() * 1e8)): Promise<HostGame> =>
  scheduleShowGame(show, startsInMs, gameBody);

async function upload(bytes: Buffer, type = 'application/octet-stream', token = hostToken) {
  const response = await fetch(`${server.url}/api/host/room-images`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': type },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const rawCall = (method: string, target: string, token: string, json?: unknown) =>
  rawRequest(server.url, method, target, { headers: { authorization: token }, json });

beforeAll(async () => {
  show = await startShow({
    host: HOST_EMAIL,
    room: { name: 'Console Room', theme: 'RED', roomImage: '/rooms/ruby-rush.svg' },
    // Room images may be linked from this site (and PUBLIC_URL, which is http here).
    env: { ALLOWED_ORIGINS: 'https://partner.example' },
    // A host whose address is marked proven in the database, without the mailbox round trip.
    signInHost: async (app) => {
      const host = await registeredPlayer(app.url, HOST_EMAIL);
      await app.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, HOST_EMAIL));
      return identityToken(host.browser);
    },
  });
  ({ server, hostToken, roomUuid } = show);
  playerToken = (await registeredPlayer(server.url, 'player@ruthless.test')).token;
});

afterAll(async () => {
  await server?.close();
});

describe('the host API refuses players', () => {
  it('answers 403 to a player and 401 to nobody on every /api/host route of the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/host'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path })));
    // The console's routes at least: a route missing from the document would be missed here.
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const { method, path } of routes) {
      const url = path.replace(/\{[^}]+\}/g, () => crypto.randomUUID());
      const asPlayer = await call(method.toUpperCase(), url, playerToken);
      expect(asPlayer.status, `${method} ${path} as a player`).toBe(403);
      expect(asPlayer.body.message, `${method} ${path}`).toEqual(expect.any(String));
      const anonymous = await call(method.toUpperCase(), url, null);
      expect(anonymous.status, `${method} ${path} without a token`).toBe(401);
    }
  });
});

describe('changing a game', () => {
  it('takes changes until the green room opens, then refuses them and keeps the game as it was', async () => {
    const game = await scheduleGame();
    const path = `/api/host/games/${game.gameUuid}`;
    expect(await call('PATCH', path, hostToken, { maxTickets: 20 })).toMatchObject({
      status: 200,
      body: { maxTickets: 20 },
    });
    expect((await call('POST', `${path}/open-green-room`, hostToken)).status).toBe(200);

    expect(await call('PATCH', path, hostToken, { maxTickets: 30 })).toMatchObject({
      status: 409,
      body: {
        code: 'host/green-room-open',
        message: 'This game’s green room is open: it can no longer be changed.',
      },
    });
    expect(await call('GET', path, hostToken)).toMatchObject({
      status: 200,
      body: { state: 'green-room', maxTickets: 20 },
    });
    expect((await call('POST', `${path}/cancel`, hostToken)).status).toBe(200);
  });
});

describe('the audit', () => {
  it('keeps every host action with who, what, on what, when and the result, filtered by room and game', async () => {
    const before = Date.now();
    const game = await scheduleGame();
    expect(
      (await call('PATCH', `/api/host/games/${game.gameUuid}`, hostToken, { maxTickets: 0 })).status,
    ).toBe(400);
    expect((await call('POST', `/api/host/games/${game.gameUuid}/cancel`, hostToken)).status).toBe(200);
    expect((await call('POST', `/api/host/games/${game.gameUuid}/cancel`, hostToken)).status).toBe(409);
    expect((await call('POST', `/api/host/games/${game.gameUuid}/start`, playerToken)).status).toBe(403);

    const byGame = await call('GET', `/api/host/audit?gameUuid=${game.gameUuid}`, hostToken);
    expect(byGame.status).toBe(200);
    const entries = (byGame.body.entries as AuditEntry[]).reverse();
    expect(entries.map((entry) => [entry.action, entry.statusCode, entry.hostEmail])).toEqual([
      ['POST /api/host/rooms/:roomUuid/games', 201, HOST_EMAIL],
      ['PATCH /api/host/games/:gameUuid', 400, HOST_EMAIL],
      ['POST /api/host/games/:gameUuid/cancel', 200, HOST_EMAIL],
      ['POST /api/host/games/:gameUuid/cancel', 409, HOST_EMAIL],
      ['POST /api/host/games/:gameUuid/start', 403, 'player@ruthless.test'],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ roomUuid, gameUuid: game.gameUuid });
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
    }

    const byRoom = await call('GET', `/api/host/audit?roomUuid=${roomUuid}`, hostToken);
    const roomActions = (byRoom.body.entries as AuditEntry[]).map((entry) => entry.gameUuid);
    expect(roomActions.filter((id) => id === game.gameUuid)).toHaveLength(5);
    // Reading is not an action.
    expect((byRoom.body.entries as AuditEntry[]).some((entry) => entry.action.startsWith('GET'))).toBe(false);

    const created = await call('POST', '/api/host/rooms', hostToken, {
      name: 'Audited Room',
      roomImage: '/rooms/ruby-rush.svg',
    });
    const newRoom = await call(
      'GET',
      `/api/host/audit?roomUuid=${created.body.roomUuid as string}`,
      hostToken,
    );
    expect((newRoom.body.entries as AuditEntry[]).map((entry) => entry.action)).toEqual([
      'POST /api/host/rooms',
    ]);

    expect((await call('GET', '/api/host/audit?gameUuid=nope', hostToken)).body.message).toBe(
      'gameUuid must be a valid id',
    );
  });

  it('names what each action concerned: the room, the game, the player; mute apart from unmute; an alias reset in the game', async () => {
    const game = await scheduleGame();
    const fan = await playerWithDetails(server.url, 'AuditFan');
    const base = `/api/host/games/${game.gameUuid}`;
    expect((await call('PUT', `${base}/mutes/${fan.userId}`, hostToken)).status).toBe(204);
    expect((await call('DELETE', `${base}/mutes/${fan.userId}`, hostToken)).status).toBe(204);
    const beforeReset = await call('GET', `/api/host/audit?gameUuid=${game.gameUuid}`, hostToken);
    expect((beforeReset.body.entries as AuditEntry[]).slice(0, 2).map((entry) => entry.targetAlias)).toEqual([
      'AuditFan',
      'AuditFan',
    ]);
    expect((await call('POST', `${base}/players/${fan.userId}/reset-alias`, hostToken)).status).toBe(204);
    const unknownGame = `/api/host/games/${crypto.randomUUID()}/players/${fan.userId}/reset-alias`;
    expect((await call('POST', unknownGame, hostToken)).status).toBe(404);

    const byGame = await call('GET', `/api/host/audit?gameUuid=${game.gameUuid}`, hostToken);
    const entries = (byGame.body.entries as AuditEntry[]).reverse();
    expect(entries.map((entry) => [entry.action, entry.targetId])).toEqual([
      ['POST /api/host/rooms/:roomUuid/games', null],
      ['PUT /api/host/games/:gameUuid/mutes/:playerUuid', fan.userId],
      ['DELETE /api/host/games/:gameUuid/mutes/:playerUuid', fan.userId],
      ['POST /api/host/games/:gameUuid/players/:playerUuid/reset-alias', fan.userId],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ roomName: 'Console Room', gameStartTime: game.gameStartTime });
    }
    // Reset: no alias is left to name the player by (the console shows the player's id instead).
    expect(entries.slice(1).map((entry) => entry.targetAlias)).toEqual([null, null, null]);
  });
});

describe('the audit, whatever form the path takes', () => {
  it('keeps host actions sent as /api/%68ost, /%61pi/host and an absolute-form request line', async () => {
    const game = await scheduleGame();
    const player = decodeJwt(playerToken).sub as string;
    const absolute = (path: string) => `${server.url}${path}`;
    const forms: [method: string, target: string, body: unknown, action: string][] = [
      ['PATCH', `/api/%68ost/rooms/${roomUuid}`, { name: 'Console Room' }, 'PATCH /api/host/rooms/:roomUuid'],
      [
        'PUT',
        `/api/%68ost/games/${game.gameUuid}/mutes/${player}`,
        undefined,
        'PUT /api/host/games/:gameUuid/mutes/:playerUuid',
      ],
      [
        'POST',
        `/api/%68ost/players/${player}/reset-alias`,
        undefined,
        'POST /api/host/players/:playerUuid/reset-alias',
      ],
      ['POST', `/%61pi/host/games/${game.gameUuid}/start`, undefined, 'POST /api/host/games/:gameUuid/start'],
      [
        'PATCH',
        absolute(`/api/host/games/${game.gameUuid}`),
        { maxTickets: 0 },
        'PATCH /api/host/games/:gameUuid',
      ],
      [
        'POST',
        `/api/%68ost/games/${game.gameUuid}/cancel`,
        undefined,
        'POST /api/host/games/:gameUuid/cancel',
      ],
    ];
    const expected: [string, number][] = [];
    for (const [method, target, body, action] of forms) {
      const answer = await rawCall(method, target, hostToken, body);
      // The router took each of them to the host route (none is an unknown path).
      expect(answer.body, `${method} ${target}`).not.toMatch(/Route .* not found/);
      expected.push([action, answer.status]);
    }
    const audit = await call('GET', '/api/host/audit?limit=20', hostToken);
    const recent = (audit.body.entries as AuditEntry[]).slice(0, forms.length).reverse();
    expect(recent.map((entry) => [entry.action, entry.statusCode])).toEqual(expected);
  });
});

describe('games', () => {
  it('duplicates a game at a new start with the same settings and a new commitment', async () => {
    const game = await scheduleGame();
    const start = new Date(Date.now() + 3 * 60 * 60_000 + Math.floor(Math.random() * 1e7)).toISOString();
    const copy = await call('POST', `/api/host/games/${game.gameUuid}/duplicate`, hostToken, {
      gameStartTime: start,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const duplicate = copy.body as unknown as HostGame;
    expect(duplicate).toMatchObject({
      roomUuid,
      state: 'scheduled',
      maxTickets: 12,
      ticketsAvailable: 12,
      prizeLuckyFateSelections: 'pre-game',
      prizes: gameBody.prizes,
      timings: gameBody.timings,
      videoSource: gameBody.videoSource,
    });
    expect(Date.parse(duplicate.gameStartTime)).toBe(Date.parse(start));
    expect(duplicate.gameUuid).not.toBe(game.gameUuid);
    expect(duplicate.commitment).not.toBe(game.commitment);
    const past = await call('POST', `/api/host/games/${game.gameUuid}/duplicate`, hostToken, {
      gameStartTime: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past).toMatchObject({ status: 400, body: { message: 'gameStartTime must be in the future' } });
    const listed = await call('GET', `/api/host/rooms/${roomUuid}/games`, hostToken);
    expect((listed.body.games as HostGame[]).map((g) => g.gameUuid)).toContain(duplicate.gameUuid);
  });

  it('reads a repeating schedule on the wall clock of the time zone, across a clock change', () => {
    // London went from BST (UTC+1) to GMT on Sunday 25 October 2026.
    const starts = scheduleStarts({
      everyMinutes: 30,
      fromTime: '18:00',
      toTime: '19:00',
      weekdays: [5, 1],
      fromDate: '2026-10-23',
      toDate: '2026-10-26',
      timeZone: 'Europe/London',
    });
    expect(starts.map((start) => start.toISOString())).toEqual([
      '2026-10-23T17:00:00.000Z',
      '2026-10-23T17:30:00.000Z',
      '2026-10-23T18:00:00.000Z',
      '2026-10-26T18:00:00.000Z',
      '2026-10-26T18:30:00.000Z',
      '2026-10-26T19:00:00.000Z',
    ]);
  });

  it('creates a repeating schedule, skips taken slots, and refuses bad or oversized ones', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const body = {
      everyMinutes: 15,
      fromTime: '18:00',
      toTime: '22:00',
      weekdays: [1, 2, 3, 4, 5],
      fromDate: `${year}-03-01`,
      toDate: `${year}-03-07`,
      timeZone: 'America/New_York',
      game: { maxTickets: 30, prizeLuckyFateSelections: 'in-game', prizes: gameBody.prizes },
    };
    const made = await call('POST', `/api/host/rooms/${roomUuid}/schedule`, hostToken, body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const games = made.body.games as HostGame[];
    // 17 starts (18:00 to 22:00 every 15 minutes) on the 5 weekdays of that week.
    expect(games).toHaveLength(85);
    expect(new Set(games.map((game) => game.commitment)).size).toBe(85);
    expect(games[0]).toMatchObject({ maxTickets: 30, state: 'scheduled' });
    const first = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(games[0]!.gameStartTime));
    expect(first).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday) 18:00$/);

    const again = await call('POST', `/api/host/rooms/${roomUuid}/schedule`, hostToken, body);
    expect(again.status).toBe(201);
    expect(again.body.games).toEqual([]);
    expect(again.body.skipped).toHaveLength(85);

    const refusals: [Record<string, unknown>, string | RegExp][] = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone must be an IANA time zone such as Europe/London'],
      [{ fromTime: '25:00' }, 'fromTime must be a time as HH:MM'],
      [{ toTime: '17:00' }, 'toTime must not be before fromTime'],
      [{ weekdays: [] }, 'Choose at least one weekday'],
      [{ everyMinutes: 1 }, 'everyMinutes must be at least 5'],
      [{ toDate: `${year + 1}-03-08` }, 'A schedule can cover at most 62 days'],
      [
        { everyMinutes: 5, toDate: `${year}-03-19` },
        /^This schedule makes \d{3} games; at most 200 at once$/,
      ],
      [{ fromDate: '2020-01-01', toDate: '2020-01-02' }, 'This schedule has no start time in the future'],
    ];
    for (const [change, message] of refusals) {
      const refused = await call('POST', `/api/host/rooms/${roomUuid}/schedule`, hostToken, {
        ...body,
        ...change,
      });
      expect(refused.status, String(message)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });
});

describe('rooms', () => {
  it('archives a room out of the lobby, keeps its games, and restores it', async () => {
    const created = await call('POST', '/api/host/rooms', hostToken, {
      name: 'Archive Me',
      roomImage: '/rooms/ruby-rush.svg',
    });
    const archiveRoom = created.body.roomUuid as string;
    const game = await call('POST', `/api/host/rooms/${archiveRoom}/games`, hostToken, {
      gameStartTime: new Date(Date.now() + 2 * 60 * 60_000).toISOString(),
      ...gameBody,
    });
    expect(game.status).toBe(201);
    const lobbyNames = async () =>
      ((await call('GET', '/api/rooms?operator=enlivon', null)).body as unknown as Room[]).map(
        (room) => room.name,
      );
    expect(await lobbyNames()).toContain('Archive Me');

    const archived = await call('POST', `/api/host/rooms/${archiveRoom}/archive`, hostToken);
    expect(archived.status).toBe(200);
    expect((archived.body as unknown as HostRoom).archivedAt).toEqual(expect.any(String));
    expect(await lobbyNames()).not.toContain('Archive Me');
    const hostRooms = (await call('GET', '/api/host/rooms', hostToken)).body.rooms as HostRoom[];
    expect(hostRooms.find((room) => room.roomUuid === archiveRoom)?.archivedAt).toEqual(expect.any(String));
    const games = (await call('GET', `/api/host/rooms/${archiveRoom}/games`, hostToken)).body
      .games as HostGame[];
    expect(games.map((g) => g.gameUuid)).toEqual([game.body.gameUuid]);

    const restored = await call('POST', `/api/host/rooms/${archiveRoom}/restore`, hostToken);
    expect((restored.body as unknown as HostRoom).archivedAt).toBeNull();
    expect(await lobbyNames()).toContain('Archive Me');
  });

  it('takes only our own room images and https addresses on the allowed origins', async () => {
    const refusal = {
      status: 400,
      body: {
        message:
          'Room image must be one of our pictures, an uploaded image or an https address on an allowed site',
        field: 'roomImage',
      },
    };
    for (const roomImage of [
      '//evil.example/x.png',
      '/../../etc/passwd',
      '/rooms/../../etc/passwd',
      `/room-images/${'0'.repeat(64)}.png`,
      'https://evil.example/x.png',
      'http://partner.example/x.png',
      'javascript:alert(1)',
    ]) {
      const patched = await call('PATCH', `/api/host/rooms/${roomUuid}`, hostToken, { roomImage });
      expect(patched, roomImage).toMatchObject(refusal);
      const created = await call('POST', '/api/host/rooms', hostToken, { name: 'Elsewhere', roomImage });
      expect(created, roomImage).toMatchObject(refusal);
    }
    for (const roomImage of ['https://partner.example/rooms/x.png', '/rooms/gold-rush.webp']) {
      const patched = await call('PATCH', `/api/host/rooms/${roomUuid}`, hostToken, { roomImage });
      expect(patched.status, roomImage).toBe(200);
      expect(patched.body.roomImage).toBe(roomImage);
    }
  });

  it('refuses room names with bidi controls or zero-width characters', async () => {
    for (const name of [
      'Ruby\u202eRush',
      'Ruby\u200bRush',
      '\u2066Gold\u2069',
      'Lu\ufeffcky',
      'Bell\u0007',
    ]) {
      expect(
        await call('POST', '/api/host/rooms', hostToken, { name, roomImage: '/rooms/ruby-rush.svg' }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Room name contains characters that are not allowed.', field: 'name' },
      });
      expect(await call('PATCH', `/api/host/rooms/${roomUuid}`, hostToken, { name })).toMatchObject({
        status: 400,
      });
    }
    const accented = await call('POST', '/api/host/rooms', hostToken, {
      name: 'Café Ünïcode 🎉',
      roomImage: '/rooms/ruby-rush.svg',
    });
    expect(accented.status).toBe(201);
  });

  it('stores an uploaded image by content under a hashed name, served with a long cache', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('IHDR fake but typed by its magic bytes'),
    ]);
    const stored = await upload(png);
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const roomImage = stored.body.roomImage as string;
    expect(roomImage).toMatch(/^\/room-images\/[0-9a-f]{64}\.png$/);
    const served = await fetch(`${server.url}${roomImage}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const room = await call('PATCH', `/api/host/rooms/${roomUuid}`, hostToken, { roomImage });
    expect(room.body.roomImage).toBe(roomImage);

    const jpeg = await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'image/jpeg');
    expect(jpeg.body.roomImage).toMatch(/\.jpg$/);
    const webp = await upload(
      Buffer.concat([Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(16)]),
    );
    expect(webp.body.roomImage).toMatch(/\.webp$/);
    expect((await fetch(`${server.url}/room-images/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/room-images/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('keeps answering /health within 250 ms (or three times its pace just before) while a 2 MB image upload is in flight', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(ROOM_IMAGE_MAX_BYTES - 8, 7),
    ]);
    // Two requests at once open two connections and warm the route, outside the measure: the
    // upload takes one, the health requests keep the other (a new connection is not the upload's cost).
    const warm = await Promise.all([fetch(`${server.url}/health`), fetch(`${server.url}/health`)]);
    expect(warm.map((response) => response.status)).toEqual([200, 200]);
    const healthMs = async () => {
      const started = performance.now();
      await (await fetch(`${server.url}/health`)).arrayBuffer();
      return performance.now() - started;
    };
    // The machine's own pace, just before: on a loaded CI machine a health request alone can take
    // longer than 100 ms, which says nothing of the upload. At load 8 a lone request took 183 ms
    // where the 20 before took at most 48: the floor is 250 ms, far below what holding the event
    // loop for a 2 MB body (reading it whole, decoding it) would cost.
    const before: number[] = [];
    for (let i = 0; i < 20; i++) before.push(await healthMs());
    const allowedMs = Math.max(250, 3 * Math.max(...before));
    let settled = false;
    const uploading = upload(png).finally(() => (settled = true));
    const latencies: number[] = [];
    // Health requests one after another for as long as the upload is being received and stored.
    while (!settled) latencies.push(await healthMs());
    expect((await uploading).status).toBe(201);
    expect(latencies.length).toBeGreaterThan(0);
    expect(
      Math.max(...latencies),
      `health latencies ${latencies.map(Math.round).join(', ')} ms (before: ${before.map(Math.round).join(', ')} ms)`,
    ).toBeLessThan(allowedMs);
  });

  it('refuses a non-image, a renamed executable, an SVG, an empty and an oversize upload', async () => {
    const typeRefusal = 'The room image must be a PNG, JPEG or WebP picture.';
    expect(await upload(Buffer.from('just some text, not a picture'), 'image/png')).toMatchObject({
      status: 415,
      body: { message: typeRefusal },
    });
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect(await upload(elf, 'image/png')).toMatchObject({ status: 415, body: { message: typeRefusal } });
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
    expect(await upload(exe, 'image/jpeg')).toMatchObject({ status: 415, body: { message: typeRefusal } });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload(svg, 'image/svg+xml')).toMatchObject({ status: 415, body: { message: typeRefusal } });
    expect(await upload(Buffer.alloc(0))).toMatchObject({
      status: 400,
      body: { message: 'Choose an image to upload.' },
    });
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2 * 1024 * 1024),
    ]);
    expect(await upload(big)).toMatchObject({
      status: 413,
      body: { message: 'The image must be at most 2 MB.' },
    });
    const huge = Buffer.alloc(9 * 1024 * 1024);
    expect((await upload(huge)).status).toBe(413);
    expect((await upload(Buffer.from('x'), 'text/plain')).status).toBe(415);
    expect((await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png', playerToken)).status).toBe(403);
  });
});
