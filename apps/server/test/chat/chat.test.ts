import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_COMBINING_MARKS_MESSAGE,
  CHAT_CONTROL_CHARACTERS_MESSAGE,
  CHAT_LINK_MESSAGE,
  CHAT_MUTED_MESSAGE,
  CHAT_TOO_FAST_MESSAGE,
  type ChatMessage,
  type HostGame,
} from '@ruthless/protocol';
import { api, Viewer, withDetails } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';
import { SERVER_RATE_LIMIT_PREFIX } from '../../src/auth/rate-limit';
import { freePort, waitForHealth, type TestApp } from '../support/test-app';

const HOST = 'chat-host@ruthless.test';
let show: Show;
let server: TestApp;
let hostToken: string;
let roomUuid: string;
/** A game in its green room for the whole file. */
let live: HostGame;
let players = 0;

const createGame = (startInMs: number, greenRoomMs: number): Promise<HostGame> =>
  scheduleGame(show, startInMs, { maxTickets: 100, timings: { greenRoomMs } });

/** A registered player with a chat name; with a ticket for `game` unless told otherwise. */
async function player(alias: string, game: HostGame | null = live) {
  const { token, userId } = await playerWithDetails(
    server.url,
    alias,
    'share',
    `chat${++players}@ruthless.test`,
  );
  if (game) await claimTicket(show, token, game.gameUuid);
  return { token, userId };
}

const send = (token: string | null, body: unknown, base = server.url) =>
  api(base, 'POST', '/api/chat', token, body);
const say = (token: string, chatContent: unknown, playerName: unknown = 'Someone') =>
  send(token, { gameUuid: live.gameUuid, roomUuid, playerName, chatContent });

/** The host deletes a message of this file's live game: the answer's status. */
const deleteMessage = async (messageUuid: string) =>
  (await api(server.url, 'DELETE', `/api/host/games/${live.gameUuid}/chat/${messageUuid}`, hostToken)).status;

/** A viewer that keeps every chat message and deletion it is sent. */
async function chatViewer(token: string | null, gameUuid = live.gameUuid) {
  const viewer = await Viewer.join(server.url, token, gameUuid);
  const messages: ChatMessage[] = [];
  const deleted: string[] = [];
  viewer.socket.on('chat:messages', (payload) => messages.push(...payload.messages));
  viewer.socket.on('chat:deleted', (payload) => deleted.push(...payload.messageUuids));
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(check()).toBe(true);
  };
  return { viewer, messages, deleted, until };
}

beforeAll(async () => {
  show = await startShow({
    host: HOST,
    room: { name: 'Chat Room', theme: 'GOLD', roomImage: '/rooms/ruby-rush.svg' },
    // The second process of the cross-process test counts under the server's own prefix.
    accounts: { rateLimitPrefix: SERVER_RATE_LIMIT_PREFIX },
  });
  ({ server, hostToken, roomUuid } = show);
  // Starts in ten minutes with its green room open from now on.
  live = await createGame(10 * 60_000, 30 * 60_000);
  const watcher = await Viewer.join(server.url, null, live.gameUuid);
  // The runner may have opened it before the join: then the snapshot says so, and no event comes.
  if (watcher.snapshot?.view.stage !== 'green-room')
    await watcher.waitFor((message) => message.event.type === 'green-room-opened', 15_000);
  watcher.close();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('POST /api/chat', () => {
  it("delivers a holder's message to everyone in the game, under the profile's alias, not the body's", async () => {
    const alice = await player('Alice');
    const bob = await player('Bobby');
    const bobScreen = await chatViewer(bob.token);
    const spectator = await chatViewer(null);

    const sent = await say(alice.token, '  Good luck everyone!  ', 'Bobby');
    expect(sent.status).toBe(201);
    const message = (sent.body as { message: ChatMessage }).message;
    expect(message).toMatchObject({
      alias: 'Alice',
      text: 'Good luck everyone!',
      playerUuid: alice.userId,
      gameUuid: live.gameUuid,
      fromHost: false,
    });
    await bobScreen.until(() => bobScreen.messages.some((m) => m.messageUuid === message.messageUuid));
    await spectator.until(() => spectator.messages.some((m) => m.messageUuid === message.messageUuid));
    expect(bobScreen.messages.find((m) => m.messageUuid === message.messageUuid)!.alias).toBe('Alice');

    // Markup is stored and sent as the characters typed; the app shows it as text.
    const markup = await say(bob.token, '<img src=x onerror=alert(1)>');
    expect((markup.body as { message: ChatMessage }).message.text).toBe('<img src=x onerror=alert(1)>');

    // A viewer joining later gets the latest messages in the snapshot, in seq order.
    const late = await Viewer.join(server.url, null, live.gameUuid);
    const chat = late.snapshot!.chat;
    expect(chat.map((m) => m.text)).toEqual(expect.arrayContaining(['Good luck everyone!']));
    expect(chat.map((m) => m.seq)).toEqual([...chat.map((m) => m.seq)].sort((a, b) => a - b));
    expect(new Set(chat.map((m) => m.seq)).size).toBe(chat.length);
    for (const screen of [bobScreen.viewer, spectator.viewer, late]) screen.close();
  });

  it('masks profanity', async () => {
    const carol = await player('Carol');
    const sent = await say(carol.token, 'what a fucking great ball');
    expect(sent.status).toBe(201);
    const text = (sent.body as { message: ChatMessage }).message.text;
    expect(text).not.toMatch(/fuck/i);
    expect(text).toBe('what a ****ing great ball');
    // Innocent words that contain rude ones stay as typed.
    const town = await say(carol.token, 'Scunthorpe and Essex assess the class');
    expect((town.body as { message: ChatMessage }).message.text).toBe(
      'Scunthorpe and Essex assess the class',
    );
  });

  it('masks spaced, punctuated and sound-alike spellings, but not words that only sit side by side', async () => {
    const cleo = await player('Cleo');
    const masked = async (texts: string[]) => {
      const sent = await say(cleo.token, texts.join(' / '));
      expect(sent.status, texts.join(' / ')).toBe(201);
      return (sent.body as { message: ChatMessage }).message.text.split(' / ');
    };
    const rude = ['f u c k', 'f.u.c.k', 'f-u-c-k', 'f_u_c_k', 'phuck', 'kunt', 'c u n t', 's.h.i.t'];
    expect(await masked(rude)).toEqual(rude.map(() => expect.stringMatching(/^\*+$/)));
    const fine = ['a ss', 'it is hit', 'u.s.a', 'a b c d e f', 'class assessment', 'cocktail time'];
    expect(await masked(fine)).toEqual(fine);
  });

  it("refuses a player's links, not a host's", async () => {
    const lou = await player('Lou');
    for (const link of [
      'http://evil.example/win',
      'go to https://evil.example now',
      'see www.evil.zz',
      'WWW.EVIL.ORG',
      'free money at evil.com',
      'bit.ly/abc',
      '//evil.example/x',
    ]) {
      const response = await say(lou.token, link);
      expect(response.status, link).toBe(400);
      expect(response.body, link).toMatchObject({ code: 'chat/link', message: CHAT_LINK_MESSAGE });
    }
    // Dots in plain chat are not links.
    for (const text of ['ball.in the pot', 'starts at 5.30', 'well done.see you'])
      expect((await say(lou.token, text)).status, text).toBe(201);
    const fromHost = await say(hostToken, 'Rules: https://ruthless.example/rules');
    expect(fromHost.status).toBe(201);
  });

  it('refuses every bad input with a message a player can read', async () => {
    const dave = await player('Davey');
    const outsider = await player('Outsider', null);
    const scheduled = await createGame(60 * 60_000, 1000);
    const cases: [string | null, unknown, number, string | RegExp][] = [
      [dave.token, { gameUuid: live.gameUuid, roomUuid, chatContent: '    ' }, 400, 'Type a message first.'],
      [dave.token, { gameUuid: live.gameUuid, roomUuid, chatContent: '' }, 400, 'Type a message first.'],
      [
        dave.token,
        { gameUuid: live.gameUuid, roomUuid, chatContent: 'x'.repeat(201) },
        400,
        'Messages can be at most 200 characters.',
      ],
      [dave.token, { gameUuid: live.gameUuid, roomUuid, chatContent: 42 }, 400, 'Your message must be text'],
      [dave.token, { gameUuid: live.gameUuid, roomUuid }, 400, 'Your message must be text'],
      [dave.token, { gameUuid: 'game-1', roomUuid, chatContent: 'hi' }, 400, 'gameUuid must be a valid id'],
      [
        dave.token,
        { gameUuid: live.gameUuid, roomUuid: 7, chatContent: 'hi' },
        400,
        'roomUuid must be a valid id',
      ],
      [dave.token, { gameUuid: live.gameUuid, roomUuid, chatContent: 'hi', extra: 1 }, 400, /extra/],
      [dave.token, 'hello', 400, /./],
      [
        dave.token,
        { gameUuid: '00000000-0000-4000-8000-000000000000', roomUuid, chatContent: 'hi' },
        404,
        'This game does not exist.',
      ],
      [
        dave.token,
        { gameUuid: live.gameUuid, roomUuid: '00000000-0000-4000-8000-000000000000', chatContent: 'hi' },
        404,
        'This game does not exist.',
      ],
      [
        outsider.token,
        { gameUuid: live.gameUuid, roomUuid, chatContent: 'hi' },
        403,
        'Only ticket holders of this show can chat.',
      ],
      [null, { gameUuid: live.gameUuid, roomUuid, chatContent: 'hi' }, 401, /sign in/],
    ];
    for (const [token, body, status, message] of cases) {
      const response = await send(token, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.message, JSON.stringify(body)).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
    }
    // Not open yet: a holder of a game whose green room has not opened.
    const early = await player('Early', scheduled);
    const notOpen = await send(early.token, { gameUuid: scheduled.gameUuid, roomUuid, chatContent: 'hi' });
    expect(notOpen).toMatchObject({ status: 409, body: { message: 'The chat opens with the green room.' } });
    // Nothing refused was stored.
    const history = await api(server.url, 'GET', `/api/host/games/${live.gameUuid}/chat`, hostToken);
    expect((history.body.messages as ChatMessage[]).some((m) => m.playerUuid === dave.userId)).toBe(false);
  });

  it('refuses control and invisible characters, messages with nothing visible and towers of accents', async () => {
    const zoe = await player('Zoe');
    const cases: [string, string][] = [
      ['\u202Egnihtemos', CHAT_CONTROL_CHARACTERS_MESSAGE],
      ['hi\u200Bthere', CHAT_CONTROL_CHARACTERS_MESSAGE],
      ['f\u00ADoo', CHAT_CONTROL_CHARACTERS_MESSAGE],
      ['ding\u0007', CHAT_CONTROL_CHARACTERS_MESSAGE],
      ['\u001b[31mred', CHAT_CONTROL_CHARACTERS_MESSAGE],
      ['two\nlines', CHAT_CONTROL_CHARACTERS_MESSAGE],
      ['\u200B\u200B\u200B', CHAT_CONTROL_CHARACTERS_MESSAGE],
      ['\u3164\u3164\u3164', 'Type a message first.'],
      ['\u2800\u2800', 'Type a message first.'],
      ['\uFFA0 \u3164', 'Type a message first.'],
      [`Z${'\u0301'.repeat(197)}`, CHAT_COMBINING_MARKS_MESSAGE],
      [`ok a${'\u0300\u0301\u0302'.repeat(2)}`, CHAT_COMBINING_MARKS_MESSAGE],
    ];
    for (const [chatContent, message] of cases) {
      const response = await say(zoe.token, chatContent);
      expect(response.status, JSON.stringify(chatContent)).toBe(400);
      expect(response.body.message, JSON.stringify(chatContent)).toBe(message);
    }
    const history = await api(server.url, 'GET', `/api/host/games/${live.gameUuid}/chat`, hostToken);
    expect((history.body.messages as ChatMessage[]).some((m) => m.playerUuid === zoe.userId)).toBe(false);
    // Accents, other scripts and joined emoji are fine.
    for (const text of ['Café crème', 'Tiếng Việt', '👨‍👩‍👧 🏳️‍🌈 ❤️', 'नमस्ते'])
      expect((await say(zoe.token, text)).body, text).toMatchObject({ message: { text } });
  });

  it(`allows 5 messages in 10 s, then answers 429 '${CHAT_TOO_FAST_MESSAGE}'`, async () => {
    const erin = await player('Erin');
    for (let i = 0; i < 5; i++) expect((await say(erin.token, `message ${i}`)).status).toBe(201);
    expect(await say(erin.token, 'one too many')).toMatchObject({
      status: 429,
      body: { message: CHAT_TOO_FAST_MESSAGE },
    });
  });

  it('tells a player sent 429 when to try again (Retry-After, within the 10 s window)', async () => {
    const ursula = await player('Ursula');
    for (let i = 0; i < 5; i++) expect((await say(ursula.token, `message ${i}`)).status).toBe(201);
    const refused = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: { authorization: ursula.token, 'content-type': 'application/json' },
      body: JSON.stringify({ gameUuid: live.gameUuid, roomUuid, playerName: 'Ursula', chatContent: 'again' }),
    });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
  });
});

describe('moderation by hosts', () => {
  it('is for hosts only', async () => {
    const frank = await player('Frank');
    const base = `/api/host/games/${live.gameUuid}`;
    const someone = '00000000-0000-4000-8000-000000000001';
    for (const [method, url] of [
      ['GET', `${base}/chat`],
      ['DELETE', `${base}/chat/${someone}`],
      ['PUT', `${base}/mutes/${someone}`],
      ['DELETE', `${base}/mutes/${someone}`],
      ['POST', `/api/host/players/${someone}/reset-alias`],
    ] as const) {
      expect((await api(server.url, method, url, frank.token)).status, `${method} ${url}`).toBe(403);
      expect((await api(server.url, method, url, null)).status, `${method} ${url}`).toBe(401);
    }
    expect((await api(server.url, 'DELETE', `${base}/chat/${someone}`, hostToken)).status).toBe(404);
    expect((await api(server.url, 'GET', `/api/host/games/not-a-game/chat`, hostToken)).status).toBe(400);
  });

  it('deletes a message from every screen and from the snapshot', async () => {
    const gina = await player('Gina');
    const screen = await chatViewer(null);
    const sent = await say(gina.token, 'something rude');
    const { messageUuid } = (sent.body as { message: ChatMessage }).message;
    await screen.until(() => screen.messages.some((m) => m.messageUuid === messageUuid));
    expect(await deleteMessage(messageUuid)).toBe(204);
    await screen.until(() => screen.deleted.includes(messageUuid));
    const later = await Viewer.join(server.url, null, live.gameUuid);
    expect(later.snapshot!.chat.some((m) => m.messageUuid === messageUuid)).toBe(false);
    const history = await api(server.url, 'GET', `/api/host/games/${live.gameUuid}/chat`, hostToken);
    expect((history.body.messages as ChatMessage[]).some((m) => m.messageUuid === messageUuid)).toBe(false);
    screen.viewer.close();
    later.close();
  });

  it('never shows a message deleted right after it was sent, while it waited for its batch', async () => {
    const gwen = await player('Gwen');
    const screen = await chatViewer(null);
    // A batch waits 100 ms: on a loaded machine the deletion can come after its batch went out,
    // and the message is then shown and deleted (as it should be). Again until one deletion
    // lands while its message waits; a batch that kept a deleted message would show every one.
    const shownThenDeleted: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const text = `gone at once ${attempt}`;
      const sent = await say(gwen.token, text);
      const { messageUuid } = (sent.body as { message: ChatMessage }).message;
      expect(await deleteMessage(messageUuid)).toBe(204);
      // A later message arrives only after every batch before it went out.
      const after = (await say(gwen.token, `still here ${attempt}`)).body as { message: ChatMessage };
      await screen.until(() => screen.messages.some((m) => m.messageUuid === after.message.messageUuid));
      await screen.until(() => screen.deleted.includes(messageUuid));
      if (!screen.messages.some((m) => m.text === text)) return screen.viewer.close();
      shownThenDeleted.push(text);
    }
    expect.fail(`every deleted message was shown first: ${shownThenDeleted.join(', ')}`);
  });

  it("mutes a player for the game: their sends are refused with the host's message", async () => {
    const hank = await player('Hank');
    const rude = ((await say(hank.token, 'rude words')).body as { message: ChatMessage }).message;
    const mutes = `/api/host/games/${live.gameUuid}/mutes/${hank.userId}`;
    expect((await api(server.url, 'PUT', mutes, hostToken)).status).toBe(204);
    expect(await say(hank.token, 'hello?')).toMatchObject({
      status: 403,
      body: { message: CHAT_MUTED_MESSAGE },
    });
    // His only message deleted: the host still finds him among the muted, by name, to unmute.
    const chat = `/api/host/games/${live.gameUuid}/chat`;
    expect(await deleteMessage(rude.messageUuid)).toBe(204);
    const history = await api(server.url, 'GET', chat, hostToken);
    expect((history.body.messages as ChatMessage[]).some((m) => m.playerUuid === hank.userId)).toBe(false);
    expect(history.body.mutedPlayers).toContainEqual({
      playerUuid: hank.userId,
      alias: 'Hank',
      mutedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await api(server.url, 'DELETE', mutes, hostToken)).status).toBe(204);
    const after = await api(server.url, 'GET', chat, hostToken);
    expect(after.body.mutedPlayers).not.toContainEqual(expect.objectContaining({ playerUuid: hank.userId }));
    expect((await say(hank.token, 'thanks')).status).toBe(201);
  });

  it('resets an alias: the settings report it missing, so the details form asks for a new one', async () => {
    const ivy = await player('Rudename');
    expect((await say(ivy.token, 'hi all')).status).toBe(201);
    const reset = await api(server.url, 'POST', `/api/host/players/${ivy.userId}/reset-alias`, hostToken);
    expect(reset.status).toBe(204);
    const settings = await api(server.url, 'GET', '/api/operator/user', ivy.token);
    expect(settings.body.alias).toBeNull();
    // The old name is gone from the chat history, and no new message goes out without a name.
    const later = await Viewer.join(server.url, null, live.gameUuid);
    expect(later.snapshot!.chat.some((m) => m.alias === 'Rudename')).toBe(false);
    later.close();
    expect((await say(ivy.token, 'still me')).status).toBe(403);
    await withDetails(server.url, ivy.token, 'Ivy', 'share');
    expect((await say(ivy.token, 'new name')).body).toMatchObject({ message: { alias: 'Ivy' } });
  });

  it('marks messages of hosts', async () => {
    const sent = await say(hostToken, 'Welcome to the show!');
    expect(sent.status).toBe(201);
    expect((sent.body as { message: ChatMessage }).message.fromHost).toBe(true);
  });
});

describe('the rate limit across processes', () => {
  let second: ChildProcess | undefined;
  afterAll(async () => {
    if (second) {
      const exited = new Promise((resolve) => second!.once('exit', resolve));
      second.kill('SIGTERM');
      await exited;
    }
  });

  // Two processes need a shared PostgreSQL (PGlite is one process's); counters live in Redis.
  it.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
    'holds when the messages land on two processes',
    async () => {
      const port = await freePort();
      second = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DEMO: 'false',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: server.databaseUrl,
          PUBLIC_URL: server.app.config.publicUrl,
        },
        stdio: 'inherit',
      });
      const secondUrl = `http://127.0.0.1:${port}`;
      expect((await waitForHealth(secondUrl, 45_000)).status).toBe(200);
      const jack = await player('Jack');
      const body = (i: number) => ({ gameUuid: live.gameUuid, roomUuid, chatContent: `hop ${i}` });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await send(jack.token, body(i), i % 2 ? secondUrl : server.url)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      // A message sent on one process reaches a viewer of the other.
      const screen = await chatViewer(null);
      const kim = await player('Kim');
      const sent = await send(kim.token, body(99), secondUrl);
      const { messageUuid } = (sent.body as { message: ChatMessage }).message;
      await screen.until(() => screen.messages.some((m) => m.messageUuid === messageUuid));
      // A message sent to one process and deleted on the other while it waits for the runner's
      // batch never goes out (again until a deletion lands before the batch is read, as above).
      // At most five messages each in 10 s (the limit): one player deletes, another follows.
      const [kate, kit] = [await player('Kate'), await player('Kit')];
      const shownThenDeleted: number[] = [];
      for (let attempt = 1; attempt <= 5; attempt++) {
        const doomed = await send(kate.token, body(100 + attempt), secondUrl);
        const doomedUuid = (doomed.body as { message: ChatMessage }).message.messageUuid;
        const deletePath = `/api/host/games/${live.gameUuid}/chat/${doomedUuid}`;
        expect((await api(server.url, 'DELETE', deletePath, hostToken)).status).toBe(204);
        await screen.until(() => screen.deleted.includes(doomedUuid));
        const later = await send(kit.token, body(200 + attempt), secondUrl);
        const laterUuid = (later.body as { message: ChatMessage }).message.messageUuid;
        await screen.until(() => screen.messages.some((m) => m.messageUuid === laterUuid));
        if (!screen.messages.some((m) => m.messageUuid === doomedUuid)) return screen.viewer.close();
        shownThenDeleted.push(attempt);
      }
      expect.fail(`every deleted message was shown first (attempts ${shownThenDeleted.join(', ')})`);
    },
    60_000,
  );
});
