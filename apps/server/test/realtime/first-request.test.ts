import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../support/test-app';

// A connection lets go of its first HTTP request once the handshake has read it
// (realtime/socket-server.ts, letGoOfRequest): a viewer holds no request for the show's length.
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A raw Engine.IO WebSocket, its frames as they arrive. */
async function rawSocket(): Promise<{ ws: WebSocket; frames: string[] }> {
  const frames: string[] = [];
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
  ws.on('message', (data) => frames.push(String(data)));
  await new Promise((resolve) => ws.once('open', resolve));
  return { ws, frames };
}

const connects = (frames: string[]) => frames.filter((frame) => frame.startsWith('40{'));

describe("a connection's first request", () => {
  it('is let go once connected, and a client that connects to the namespace again is still served', async () => {
    const { ws, frames } = await rawSocket();
    ws.send('40{"preview":true}');
    await expect.poll(() => connects(frames).length).toBe(1);
    const { sid } = JSON.parse(connects(frames)[0]!.slice(2)) as { sid: string };
    const socket = server.app.realtime.io.of('/').sockets.get(sid)!;
    expect(socket.conn.request).toBeNull();
    // Nor does its handshake keep the request's headers or query: only what the app reads after.
    expect(socket.handshake.headers).toEqual({});
    expect(socket.handshake.query).toEqual({});
    expect(socket.handshake.auth).toEqual({ preview: true });

    // Leave the namespace and connect again over the same connection: no request to read now.
    ws.send('41');
    await expect.poll(() => server.app.realtime.io.of('/').sockets.has(sid)).toBe(false);
    ws.send('40{"preview":true}');
    await expect.poll(() => connects(frames).length).toBe(2);
    ws.send('420["ping"]');
    await expect.poll(() => frames.find((frame) => frame.startsWith('430['))).toMatch(/^430\[\d+\]$/);
    ws.close();
  });
});
