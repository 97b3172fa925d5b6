import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Gauge } from 'prom-client';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@ruthless/protocol';
import { KeyedTokenBuckets, TokenBucket, type EventLimit } from './event-rate-limit';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;
type RedisClient = ReturnType<typeof createClient>;

export interface Realtime {
  io: RealtimeServer;
  /** Present when REDIS_URL is set: Socket.IO fans out through Redis streams. */
  redis: RedisClient | undefined;
  close(): Promise<void>;
}

export interface SocketEventLimits {
  /** Every event of one connection, whatever its name. */
  perSocket: EventLimit;
  /** Every event of every connection from one client address. */
  perAddress: EventLimit;
}

/** Far above what the app sends (a few events a second); a flood is cut off at once. */
export const DEFAULT_SOCKET_EVENT_LIMITS: SocketEventLimits = {
  perSocket: { burst: 40, perSecond: 10 },
  perAddress: { burst: 400, perSecond: 100 },
};

/**
 * Socket.IO on the server's own port. With a Redis URL every process shares rooms and
 * broadcasts through Redis streams, so any number of processes can sit behind one balancer.
 */
export async function startRealtime(options: {
  httpServer: HttpServer;
  redisUrl: string | undefined;
  socketsConnected: Gauge;
  /** The browser origins allowed to connect: PUBLIC_URL's and the configured extra ones. */
  allowedOrigins: string[];
  /** The client's address, as the HTTP API resolves it (TRUST_PROXY). */
  clientAddress: (request: IncomingMessage) => string;
  eventLimits?: SocketEventLimits;
  /** Told when a connection is closed for flooding. */
  onFlood?: (address: string) => void;
}): Promise<Realtime> {
  const limits = options.eventLimits ?? DEFAULT_SOCKET_EVENT_LIMITS;
  const addressBuckets = new KeyedTokenBuckets(limits.perAddress);
  const allowedOrigins = new Set(options.allowedOrigins);
  let redis: RedisClient | undefined;
  if (options.redisUrl) {
    redis = createClient({ url: options.redisUrl });
    // Reconnection is the client's job; an error event without a listener would crash us.
    redis.on('error', () => {});
    await redis.connect();
  }
  const io: RealtimeServer = new Server(options.httpServer, {
    serveClient: false,
    // A browser may only connect from our own pages (never judged by the client's own Host or
    // X-Forwarded-Proto); clients without an Origin are not browsers.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, !origin || allowedOrigins.has(origin));
    },
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000 },
    ...(redis ? { adapter: createAdapter(redis) } : {}),
  });

  io.on('connection', (socket) => {
    // Every event, whatever handler takes it, passes the connection's and the address's limits;
    // a connection over either is closed.
    const address = options.clientAddress(socket.request);
    const own = new TokenBucket(limits.perSocket.burst, limits.perSocket.perSecond);
    socket.use((_event, next) => {
      if (own.take() && addressBuckets.take(address)) return next();
      if (socket.connected) {
        options.onFlood?.(address);
        socket.disconnect(true);
      }
    });
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
