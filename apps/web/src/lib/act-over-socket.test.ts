import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActResult } from '@ruthless/protocol';
import { actOverSocketOrRest } from './act-over-socket';
import type { AppSocket } from './socket';

// A real Socket.IO server on a free port, answering `game:choice` as each test sets.
let answer: (request: unknown) => ActResult | 'silence';
let received: unknown[];
let server: Server;
let socket: AppSocket;

beforeAll(async () => {
  const http = createServer();
  server = new Server(http);
  server.on('connection', (client) => {
    client.on('game:choice', (request: unknown, ack: (result: ActResult) => void) => {
      received.push(request);
      const result = answer(request);
      if (result !== 'silence') ack(result);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
});

afterAll(async () => {
  socket.disconnect();
  await server.close();
});

function choice(overRest: () => Promise<unknown>, on: Pick<AppSocket, 'connected' | 'timeout'> = socket) {
  received = [];
  return actOverSocketOrRest({
    socket: on,
    event: 'game:choice',
    request: { gameUuid: 'g1', choice: 'steal' },
    overRest,
    timeoutMs: 200,
  });
}

describe('actOverSocketOrRest', () => {
  it('acts over the socket when it answers ok, and never calls REST', async () => {
    answer = () => ({ ok: true });
    let restCalls = 0;
    await choice(async () => restCalls++);
    expect(received).toEqual([{ gameUuid: 'g1', choice: 'steal' }]);
    expect(restCalls).toBe(0);
  });

  it("throws the server's message when the socket refuses, without going over REST", async () => {
    answer = () => ({ ok: false, message: 'The final is over.' });
    let restCalls = 0;
    await expect(choice(async () => restCalls++)).rejects.toThrow('The final is over.');
    expect(restCalls).toBe(0);
  });

  it('goes over REST when the socket does not answer in time', async () => {
    answer = () => 'silence';
    let restCalls = 0;
    await choice(async () => restCalls++);
    expect(received).toHaveLength(1);
    expect(restCalls).toBe(1);
  });

  it('goes straight over REST when the socket is down, and a REST refusal reaches the caller', async () => {
    answer = () => ({ ok: true });
    const down = { connected: false, timeout: socket.timeout.bind(socket) };
    await expect(
      choice(() => Promise.reject(new Error('Sorry, you are not in the final.')), down),
    ).rejects.toThrow('Sorry, you are not in the final.');
    expect(received).toEqual([]);
  });
});
