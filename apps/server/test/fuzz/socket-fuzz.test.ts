import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MAX_FRAME_BYTES } from '../../src/realtime/socket-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { registeredPlayer } from '../support/http';
import { forgedTokens } from './forged-tokens';

/**
 * Bad input over Socket.IO, frame by frame (Engine.IO 4 over a raw WebSocket): malformed and
 * oversize frames, unknown events, events for games not joined, prototype keys, forged and
 * expired tokens, a foreign Origin. Each is refused (an answer that says why, or the connection
 * closed), nothing crashes, and the server is healthy after. Random frames are fast-check's,
 * seeded (FUZZ_SEED replays a run).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const KNOWN_EVENTS = ['game:join', 'game:leave', 'game:choice', 'game:lucky-fate', 'auth:refresh', 'ping'];
const ANSWERED_EVENTS = new Set(['game:join', 'game:choice', 'game:lucky-fate', 'auth:refresh', 'ping']);

let server: TestApp;
let wsUrl: string;
let playerToken: string;

beforeAll(async () => {
  server = await startTestApp(
    {},
    {
      reachablePublicUrl: true,
      // The limits are for floods (security.test.ts); a fuzzer sends many events on purpose.
      socketEventLimits: {
        perSocket: { burst: 100_000, perSecond: 100_000 },
        perAddress: { burst: 100_000, perSecond: 100_000 },
      },
    },
  );
  wsUrl = `${server.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`;
  playerToken = (await registeredPlayer(server.url, 'socket-fuzz@example.com')).token;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** One raw Engine.IO connection: every text frame it receives, and whether it was closed. */
class RawSocket {
  readonly frames: string[] = [];
  closed = false;
  closeReason = '';
  private ackId = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const frame = isBinary ? '<binary>' : String(data);
      // Engine.IO's heartbeat: a client that does not answer the server's ping is dropped.
      if (frame === '2') ws.send('3');
      else this.frames.push(frame);
    });
    ws.on('close', (code, reason) => {
      this.closed = true;
      this.closeReason = `${code} ${String(reason)}`;
    });
    ws.on('error', () => (this.closed = true));
  }

  static async open(headers: Record<string, string> = {}): Promise<RawSocket> {
    const ws = new WebSocket(wsUrl, { headers: { origin: server.url, ...headers } });
    const socket = new RawSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`handshake refused: ${response.statusCode}`)),
      );
      ws.once('error', reject);
    });
    await socket.waitFor((frame) => frame.startsWith('0{'), 'the Engine.IO open packet');
    return socket;
  }

  /** Opens the main namespace with `auth`; resolves with the server's CONNECT or CONNECT_ERROR. */
  static async connected(auth: unknown = { preview: true }): Promise<{ socket: RawSocket; answer: string }> {
    const socket = await RawSocket.open();
    socket.send(`40${JSON.stringify(auth)}`);
    const answer = await socket.waitFor((frame) => /^4[04]/.test(frame), 'the namespace answer');
    return { socket, answer };
  }

  send(frame: string | Buffer): void {
    this.ws.send(frame);
  }

  /** Emits an event with an ack id; resolves with the ack's arguments, or undefined if none comes. */
  async emit(event: string, args: unknown[], timeoutMs = 2000): Promise<unknown[] | undefined> {
    if (this.closed) return undefined;
    const id = ++this.ackId;
    this.send(`42${id}${JSON.stringify([event, ...args])}`);
    const ack = await this.waitFor((frame) => frame.startsWith(`43${id}[`), `ack ${id}`, timeoutMs).catch(
      () => undefined,
    );
    return ack === undefined ? undefined : (JSON.parse(ack.slice(`43${id}`.length)) as unknown[]);
  }

  waitFor(predicate: (frame: string) => boolean, what: string, timeoutMs = 5000): Promise<string> {
    return vi.waitFor(
      () => {
        const found = this.frames.find(predicate);
        if (found === undefined)
          throw new Error(`no ${what}; frames: ${this.frames.join(' | ').slice(0, 300)}`);
        return found;
      },
      { timeout: timeoutMs, interval: 10 },
    );
  }

  async waitClosed(timeoutMs = 3000): Promise<boolean> {
    await vi
      .waitFor(() => expect(this.closed).toBe(true), { timeout: timeoutMs, interval: 10 })
      .catch(() => {});
    return this.closed;
  }

  close(): void {
    this.ws.terminate();
  }
}

/** The server still answers: /health is 200 and a fresh socket's ping is acknowledged. */
async function expectHealthy(): Promise<void> {
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  const { socket, answer } = await RawSocket.connected();
  expect(answer.startsWith('40')).toBe(true);
  const [serverTime] = (await socket.emit('ping', [])) ?? [];
  expect(typeof serverTime).toBe('number');
  socket.close();
}

/** An ack that refuses says why in words. */
function expectRefusal(ack: unknown[] | undefined, label: string): void {
  expect(ack, label).toBeDefined();
  const [result] = ack!;
  expect(result, label).toMatchObject({ ok: false, message: expect.stringMatching(/\w/) });
}

describe('socket bad input', () => {
  it('refuses a foreign Origin before any socket exists', async () => {
    await expect(RawSocket.open({ origin: 'https://evil.example' })).rejects.toThrow(/refused: 40[03]/);
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(polling.status).toBe(403);
    await expectHealthy();
  });

  it('refuses every forged or expired token at the handshake, and in auth:refresh', async () => {
    const forged = await forgedTokens(server.app, server.url, playerToken);
    const { socket: player, answer } = await RawSocket.connected({ token: playerToken });
    expect(answer.startsWith('40{')).toBe(true);
    for (const { label, token } of forged) {
      // Even one signed by us for a player who does not exist: the handshake looks the player up
      // (a deleted account's token opens nothing, docs/accounts.md).
      const { socket, answer: refused } = await RawSocket.connected({ token });
      expect(refused, label).toBe('44{"message":"auth/unauthorized"}');
      socket.close();
      expectRefusal(await player.emit('auth:refresh', [{ token }]), `auth:refresh with ${label}`);
    }
    // Tokens of the wrong type make a viewer without a player, who may not act.
    for (const token of [42, { sub: randomUUID() }, ['a'], '', null]) {
      const { socket, answer: viewer } = await RawSocket.connected({ token });
      expect(viewer.startsWith('40{'), JSON.stringify(token)).toBe(true);
      expectRefusal(
        await socket.emit('game:choice', [{ gameUuid: randomUUID(), choice: 'steal' }]),
        `game:choice as ${JSON.stringify(token)}`,
      );
      socket.close();
    }
    player.close();
    await expectHealthy();
  });

  it('closes the connection on malformed and oversize frames', async () => {
    const malformed: (string | Buffer | (string | Buffer)[])[] = [
      '',
      '9',
      '4',
      '49xyz',
      '42[',
      '42{"a":1}',
      '42"text"',
      '42[]',
      '42["game:join"',
      '42x["ping"]',
      // An event announcing a binary attachment, then text instead of it.
      ['451-["game:join",{"_placeholder":true,"num":0}]', '42["ping"]'],
      // Event names Socket.IO keeps for itself.
      '42["connect"]',
      '42["disconnect",{}]',
      Buffer.from([0xff, 0x00, 0x13]),
      `42${JSON.stringify(['ping', 'x'.repeat(MAX_FRAME_BYTES)])}`,
    ];
    for (const frame of malformed) {
      const { socket } = await RawSocket.connected();
      for (const part of Array.isArray(frame) ? frame : [frame]) socket.send(part);
      const label = JSON.stringify(frame).slice(0, 60);
      expect(await socket.waitClosed(), `closed after ${label}`).toBe(true);
    }
    await expectHealthy();
  });

  it('refuses unknown events, games not joined and prototype keys, and stays open', async () => {
    const { socket } = await RawSocket.connected({ token: playerToken });
    const gameUuid = randomUUID();
    // Unknown events are not answered; the connection stays.
    for (const event of ['admin:reset', '__proto__', 'constructor', 'hasOwnProperty', 'welcome', '']) {
      expect(await socket.emit(event, [{ gameUuid }], 300), event).toBeUndefined();
    }
    expect(socket.closed).toBe(false);
    // Acting in a game this socket never joined, that may not even exist.
    expectRefusal(await socket.emit('game:choice', [{ gameUuid, choice: 'share' }]), 'choice');
    expectRefusal(await socket.emit('game:lucky-fate', [{ gameUuid, pick: 1 }]), 'lucky fate');
    expect(await socket.emit('game:join', [{ gameUuid, lastSeq: null }])).toEqual([
      { ok: false, message: 'This game does not exist.' },
    ]);
    socket.send(`42${JSON.stringify(['game:leave', { gameUuid }])}`);
    // Prototype keys in place of fields.
    for (const payload of [
      '{"__proto__":{"gameUuid":"' + gameUuid + '","lastSeq":null}}',
      '{"constructor":{"prototype":{"ok":true}},"gameUuid":"' + gameUuid + '"}',
    ]) {
      for (const event of ['game:join', 'game:choice', 'game:lucky-fate', 'auth:refresh']) {
        const id = 900 + Math.floor(Math.random() * 1000);
        socket.send(`42${id}["${event}",${payload}]`);
        const ack = await socket.waitFor((frame) => frame.startsWith(`43${id}[`), `${event} ack`);
        expectRefusal(JSON.parse(ack.slice(`43${id}`.length)) as unknown[], `${event} ${payload}`);
      }
    }
    expect(({} as Record<string, unknown>).gameUuid).toBeUndefined();
    expect(socket.closed).toBe(false);
    socket.close();
    await expectHealthy();
  });

  it('answers random events with a refusal or not at all, and random frames do no harm (seeded)', async () => {
    const argument = fc.oneof(
      { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      fc.record({
        gameUuid: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 1 })),
        lastSeq: fc.oneof(fc.integer(), fc.constant(null), fc.double(), fc.string({ maxLength: 5 })),
        choice: fc.oneof(fc.constantFrom('share', 'steal', 'SHARE', ''), fc.jsonValue({ maxDepth: 1 })),
        pick: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double(), fc.string({ maxLength: 3 })),
        token: fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 1 })),
      }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
    );
    const event = fc.record({
      name: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...KNOWN_EVENTS) },
        fc.string({ maxLength: 20 }),
      ),
      args: fc.array(argument, { maxLength: 3 }),
    });
    const events = fc.sample(event, { seed: SEED, numRuns: 400 });
    const { socket } = await RawSocket.connected({ token: playerToken });
    const unanswered: string[] = [];
    for (const { name, args } of events) {
      // Socket.IO passes the ack last: with more (or fewer) arguments than the event takes it is
      // not where the handler expects it, and the handler ignores the event.
      const known = ANSWERED_EVENTS.has(name) && args.length === (name === 'ping' ? 0 : 1);
      const ack = await socket.emit(name, args, known ? 2000 : 20);
      const label = JSON.stringify([name, ...args]).slice(0, 120);
      if (socket.closed) throw new Error(`closed (${socket.closeReason}) after ${label}`);
      if (!known) continue;
      if (!ack) {
        unanswered.push(label);
        continue;
      }
      const [result] = ack;
      if (name === 'ping') expect(typeof result, label).toBe('number');
      else if ((result as { ok?: unknown }).ok !== true) expectRefusal(ack, label);
    }
    expect(unanswered).toEqual([]);
    expect(socket.closed).toBe(false);
    socket.close();

    // Random frames, each on a connection of its own: closed or ignored, never a crash.
    const frames = fc.sample(
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc
          .tuple(fc.constantFrom('4', '42', '421', '43', '44', '45', '2', '3', '6'), fc.json({ maxDepth: 3 }))
          .map(([prefix, json]) => prefix + json),
      ),
      { seed: SEED + 1, numRuns: 150 },
    );
    for (let start = 0; start < frames.length; start += 15) {
      await Promise.all(
        frames.slice(start, start + 15).map(async (frame) => {
          const { socket: raw } = await RawSocket.connected();
          raw.send(frame);
          // A span: most of these frames have no answer to wait for; the server reads it before the close.
          await new Promise((resolve) => setTimeout(resolve, 50));
          raw.close();
        }),
      );
    }
    await expectHealthy();
  }, 90_000);
});
