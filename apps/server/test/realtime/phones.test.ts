import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, GameMetadata, LiveGameMessage } from '@ruthless/protocol';
import { viewerRooms } from '../../src/realtime/phones';
import { startTestApp, type TestApp } from '../support/test-app';

// The door to the phones (realtime/phones.ts) sends every broadcast as one pre-built frame
// written straight to each idle WebSocket (realtime/direct-frames.ts, a patch of engine.io's
// Socket.prototype.write). These fail when a Socket.IO, engine.io or ws upgrade stops the
// patched path from being taken, or changes what the clients get through it.
let server: TestApp;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  server = await startTestApp();
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server?.close();
});

async function viewer(): Promise<ClientSocket> {
  const socket = connectSocket(server.url, { transports: ['websocket'], auth: { preview: true } });
  clients.push(socket);
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  return socket;
}

const received = (socket: ClientSocket, event: string) => {
  const payloads: unknown[] = [];
  socket.on(event, (payload: unknown) => payloads.push(payload));
  return payloads;
};

describe('the door to the phones', () => {
  it('sends each broadcast as the pre-built frame, straight to the WebSocket, and every client reads it', async () => {
    const { io, phones } = server.app.realtime;
    const gameId = randomUUID();
    const viewers = await Promise.all(Array.from({ length: 12 }, () => viewer()));
    const serverSockets = viewers.map((client) => io.of('/').sockets.get(client.id!)!);
    // Packets engine.io builds one by one: the direct path builds none.
    let packetsBuilt = 0;
    for (const socket of serverSockets) {
      socket.conn.on('packetCreate', () => packetsBuilt++);
      await socket.join(viewerRooms(gameId, socket.id));
    }
    const events = viewers.map((client) => received(client, 'game:event'));
    const chats = viewers.map((client) => received(client, 'chat:messages'));
    const metadata = viewers.map((client) => received(client, 'metadata'));

    const event = { gameUuid: gameId, seq: 1, at: 1, event: { type: 'green-room-opened', at: 1 } };
    phones.gameEvent(gameId, event as unknown as LiveGameMessage);
    const message = { seq: 1, messageUuid: randomUUID(), gameUuid: gameId, text: 'hello' };
    phones.chatMessages(gameId, [message as unknown as ChatMessage]);
    const counts = { gameUuid: gameId, roomUuid: randomUUID(), maxTickets: 10, ticketsAvailable: 9 };
    phones.metadata(counts as GameMetadata);

    await expect.poll(() => metadata.every((got) => got.length === 1)).toBe(true);
    await expect.poll(() => chats.every((got) => got.length === 1)).toBe(true);
    expect(events).toEqual(viewers.map(() => [event]));
    // Every viewer is in one chat slice of the game: each gets the batch once.
    expect(chats).toEqual(viewers.map(() => [{ gameUuid: gameId, messages: [message] }]));
    expect(metadata).toEqual(viewers.map(() => [counts]));
    expect(packetsBuilt).toBe(0);
  });
});
