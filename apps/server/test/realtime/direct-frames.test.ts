import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { GameMetadata } from '@ruthless/protocol';
import { startTestApp, type TestApp } from '../support/test-app';

// A broadcast's pre-built frame goes straight to an idle WebSocket (realtime/direct-frames.ts):
// the same bytes, in order with everything else the socket is sent, and still recoverable.
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const broadcast = (metadata: Record<string, unknown>) =>
  server.app.realtime.io.emit('metadata', metadata as unknown as GameMetadata);

describe('broadcast frames sent directly', () => {
  it('reach an idle WebSocket as engine.io would send them, in order with its other packets', async () => {
    const frames: string[] = [];
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
    ws.on('message', (data, isBinary) => frames.push(isBinary ? '<binary>' : String(data)));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send('40{"preview":true}');
    await expect.poll(() => frames.some((frame) => frame.startsWith('40{'))).toBe(true);
    const sid = (JSON.parse(frames.find((frame) => frame.startsWith('40'))!.slice(2)) as { sid: string }).sid;
    const socket = server.app.realtime.io.of('/').sockets.get(sid)!;
    const queued: unknown[] = [];
    socket.conn.on('packetCreate', (packet: { data?: unknown }) => queued.push(packet.data));
    frames.length = 0;

    // The first goes direct. A packet without a pre-built frame (one with binary data) goes
    // through engine.io and has a write in flight, so the next two broadcasts queue behind it
    // there, as they would without the direct path.
    broadcast({ n: 1 });
    (socket as unknown as { emit(event: string, data: unknown): void }).emit('bytes', Buffer.from([7]));
    broadcast({ n: 2 });
    broadcast({ n: 3 });
    await expect.poll(() => frames.length).toBe(5);
    // Every event carries its offset for connection state recovery last.
    const offset = /,"[^"]+"\]$/;
    expect(frames.map((frame) => frame.replace(offset, ']'))).toEqual([
      '42["metadata",{"n":1}]',
      '451-["bytes",{"_placeholder":true,"num":0}]',
      '<binary>',
      '42["metadata",{"n":2}]',
      '42["metadata",{"n":3}]',
    ]);
    expect(frames.filter((frame) => frame !== '<binary>').every((frame) => offset.test(frame))).toBe(true);
    expect(queued.slice(2)).toEqual([frames[3]!.slice(1), frames[4]!.slice(1)]);

    // Idle again (nothing queued, no write in flight): direct.
    const engine = socket.conn as unknown as { writeBuffer: unknown[]; transport: { writable: boolean } };
    await expect.poll(() => engine.writeBuffer.length === 0 && engine.transport.writable).toBe(true);
    broadcast({ n: 4 });
    await expect.poll(() => frames.length).toBe(6);
    expect(frames[5]!.replace(offset, ']')).toBe('42["metadata",{"n":4}]');
    expect(queued).toHaveLength(4);
    ws.close();
  });

  it('are stored for connection state recovery', async () => {
    const socket: ClientSocket = connectSocket(server.url, {
      transports: ['websocket'],
      auth: { preview: true },
      reconnectionDelay: 200,
      reconnectionDelayMax: 200,
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const received: number[] = [];
    socket.on('metadata', (metadata: unknown) => received.push((metadata as { n: number }).n));
    broadcast({ n: 1 });
    await expect.poll(() => received).toEqual([1]);

    // The connection drops and a broadcast goes out meanwhile: the client gets it on recovery.
    const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.io.engine.close();
    broadcast({ n: 2 });
    await reconnected;
    expect(socket.recovered).toBe(true);
    await expect.poll(() => received).toEqual([1, 2]);
    socket.disconnect();
  });
});
