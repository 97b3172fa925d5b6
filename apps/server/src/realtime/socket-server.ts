import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Gauge } from 'prom-client';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@ruthless/protocol';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;
type RedisClient = ReturnType<typeof createClient>;

export interface Realtime {
  io: RealtimeServer;
  /** Present when REDIS_URL is set: Socket.IO fans out through Redis streams. */
  redis: RedisClient | undefined;
  close(): Promise<void>;
}

/**
 * Socket.IO on the server's own port. With a Redis URL every process shares rooms and
 * broadcasts through Redis streams, so any number of processes can sit behind one balancer.
 */
export async function startRealtime(options: {
  httpServer: HttpServer;
  redisUrl: string | undefined;
  socketsConnected: Gauge;
  /** Browser origins allowed to connect besides the server's own (PUBLIC_URL's). */
  allowedOrigins: string[];
}): Promise<Realtime> {
  let redis: RedisClient | undefined;
  if (options.redisUrl) {
    redis = createClient({ url: options.redisUrl });
    // Reconnection is the client's job; an error event without a listener would crash us.
    redis.on('error', () => {});
    await redis.connect();
  }
  const io: RealtimeServer = new Server(options.httpServer, {
    serveClient: false,
    // A browser may only connect from our own pages; clients without an Origin are not browsers.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      const own = `${request.headers['x-forwarded-proto'] ?? 'http'}://${request.headers.host}`;
      callback(null, !origin || origin === own || options.allowedOrigins.includes(origin));
    },
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000 },
    ...(redis ? { adapter: createAdapter(redis) } : {}),
  });

  io.on('connection', (socket) => {
    options.socketsConnected.inc();
    socket.on('disconnect', () => options.socketsConnected.dec());
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack(Date.now());
    });
    socket.emit('welcome', { serverTime: Date.now() });
  });

  return {
    io,
    redis,
    async close() {
      io.local.disconnectSockets(true);
      // Closes the engine's clients without closing the HTTP server, which Fastify owns.
      io.engine.close();
      if (redis?.isOpen) await redis.quit().catch(() => {});
    },
  };
}
