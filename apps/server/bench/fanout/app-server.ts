// The server under test of fanout.bench.ts, in a process of its own so that its CPU and memory
// are its own: the real app (fresh embedded database, or a scratch database on DATABASE_URL),
// one game with a few ticket holders, the automatic host started only when the orchestrator
// says so. Talks to the orchestrator over IPC (see protocol in fanout.bench.ts).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { games } from '../../src/db/schema';
import { Phones } from '../../src/realtime/phones';
import type { RealtimeServer } from '../../src/realtime/socket-server';
import { insertGame, insertPlayers, insertRoom } from '../../test/support/fixtures';
import { fanoutTimings, startBenchApp } from '../support/bench-app';
import { serverProbe } from './probe';

const BALL_INTERVAL_MS = Number(process.env.BALL_INTERVAL_MS ?? 2000);
const TICKET_HOLDERS = 10;

// The prototype (fanout.bench.ts's `socket.io-direct`): a game's events go past Socket.IO's
// broadcast (the adapter's room lookup, its per-socket packet path and engine.io's write), framed
// once and written on each viewer's WebSocket as the app's own direct frames are
// (realtime/direct-frames.ts). It keeps no packet for connection state recovery (a phone back
// within the window would miss them: the app's join by last seq would have to catch it up) and
// skips a socket still on long-polling. Measurement only.
if (process.env.FANOUT_PROTOTYPE === 'direct-broadcast') {
  type Framed = { readyState: number; _sender?: { sendFrame(frame: Buffer[]): void } };
  // ws's framing, which its types leave out.
  const { Sender } = WebSocket as unknown as {
    Sender: { frame(data: Buffer, options: Record<string, boolean | number>): Buffer[] };
  };
  Phones.prototype.gameEvent = function (this: Phones, gameId, message) {
    const io = (this as unknown as { io: RealtimeServer }).io;
    const namespace = io.of('/');
    const members = namespace.adapter.rooms.get(`game:${gameId}`);
    if (!members) return;
    const text = Buffer.from(`42${JSON.stringify(['game:event', message])}`);
    const frame = Sender.frame(text, { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false });
    for (const id of members) {
      const transport = namespace.sockets.get(id)?.conn.transport as
        { name: string; socket?: Framed } | undefined;
      if (transport?.name === 'websocket' && transport.socket?.readyState === 1)
        transport.socket._sender?.sendFrame(frame);
    }
  };
}

const bench = await startBenchApp({
  runGames: false,
  // Thousands of viewers from a handful of loopback addresses: the per-address limit (meant
  // for one household) would refuse their joins; the point here is the fan-out.
  socketEventLimits: {
    perSocket: { burst: 40, perSecond: 10 },
    perAddress: { burst: 1e9, perSecond: 1e9 },
  },
  accounts: { rateLimitPrefix: `bench:${randomUUID()}:` },
  // The chat benchmark's ticket holders post 50 messages a second between them, far over the
  // per-player limit (meant for one person typing); the point is the load, not the limit.
  chatLimit: { window: 10, max: 1_000_000 },
});
const { app } = bench;
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const address = app.fastify.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;
const db = app.database.db;

const roomId = await insertRoom(db, 'Bench Room');
const gameUuid = await insertGame(db, roomId, {
  // Far off until the orchestrator starts the show (every viewer connected by then).
  startsInMs: 30 * 60_000,
  maxTickets: 100,
  timings: fanoutTimings(BALL_INTERVAL_MS),
});

// A few ticket holders (the chat benchmark's chatters); ten tickets need far more than 30 balls to a full house.
const tokens = (await insertPlayers(app, TICKET_HOLDERS, 'Bench', { registered: true })).map(
  (player) => player.token,
);
for (const token of tokens) {
  const response = await fetch(`${base}/api/claim-ticket`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ gameUuid, roomUuid: roomId }),
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`claim failed: ${response.status} ${await response.text()}`);
}

serverProbe({
  ready: { url: base, gameUuid, roomUuid: roomId, tokens, database: app.database.kind },
  start: async () => {
    await db
      .update(games)
      .set({ startTime: new Date(Date.now() + 1500) })
      .where(eq(games.id, gameUuid));
    app.runner.start();
  },
  lastSeq: async () => (await app.live.get(gameUuid))?.seq ?? 0,
  close: async () => {
    await bench.close();
  },
});
