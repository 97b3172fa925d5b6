import { ServerResponse, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { createAdapter as createRedisAdapter } from '@socket.io/redis-streams-adapter';
import type { Gauge } from 'prom-client';
import type { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@ruthless/protocol';
import { RedisRateLimitStore } from '../auth/rate-limit';
import { KeyedTokenBuckets, TokenBucket, type EventLimit } from './event-rate-limit';
import { Phones, type ServerSideEvents } from './phones';
import { RecoveryGate } from './recovery-gate';
import { withSessionWritesCaught } from './session-writes';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
type RedisClient = ReturnType<typeof createClient>;

export interface Realtime {
  io: RealtimeServer;
  /** Every room name and every event sent to clients (realtime/phones.ts). */
  phones: Phones;
  /** Present when REDIS_URL is set: Socket.IO fans out through Redis streams. */
  redis: RedisClient | undefined;
  /**
   * A stopping process's first step in a cluster: its phones are told to reconnect promptly, and
   * their connections closed, so they move to the other processes while this one hands its games
   * over. Without Redis there is no other process: they stay until close().
   */
  movePhones(): Promise<void>;
  close(): Promise<void>;
}

export interface SocketEventLimits {
  /** Every event of one connection, whatever its name. */
  perSocket: EventLimit;
  /** Every event of every connection from one client address. */
  perAddress: EventLimit;
}

/**
 * How fast a stopping process sends its phones to the others: each reconnects at a random moment
 * of a window that grows with their number (at least 100 ms, at most 3 s). The pace is a choice,
 * not a measured capacity: on two loaded cores 50 phones at once took 1-2 s to be served by a
 * process just started (docs/cluster.md, Rolling restarts).
 */
const MOVES_PER_SECOND = 5000;
const moveWindowMs = (phones: number) => Math.min(3000, Math.max(100, (phones / MOVES_PER_SECOND) * 1000));

/** Entries the Redis stream keeps (trimmed approximately, as XADD's MAXLEN ~). */
const STREAM_MAX_LENGTH = 10_000;

/** The largest frame a client may send, as the HTTP API's body limit. */
export const MAX_FRAME_BYTES = 64 * 1024;

/** Far above what the app sends (a few events a second); a flood is cut off at once. */
export const DEFAULT_SOCKET_EVENT_LIMITS: SocketEventLimits = {
  perSocket: { burst: 40, perSecond: 10 },
  perAddress: { burst: 400, perSecond: 100 },
};

/**
 * The exports of a lazily imported CommonJS package, however it was loaded: Node gives them
 * named, tsx gives them named but its `default` is the package's own `default` (none here),
 * and the bundled build's chunk gives only `default`, which is module.exports. Each of the three
 * once broke one way of starting the server (tests/compiled, live-restart).
 */
function commonJsExports<T extends object, K extends keyof T>(module: T, name: K): T {
  if (module[name] !== undefined) return module;
  return (module as { default?: T }).default ?? module;
}

/**
 * Socket.IO on the server's own port. With a Redis URL every process shares rooms and
 * broadcasts through Redis streams, so any number of processes can sit behind one balancer.
 */
export async function startRealtime(options: {
  httpServer: HttpServer;
  redisUrl: string | undefined;
  /** Before every Redis key of the realtime: deployments sharing a Redis keep apart. */
  redisPrefix?: string;
  /** How long a dropped connection is recovered with the packets it missed (default 2 minutes). */
  reconnectWindowMs?: number;
  /**
   * Above this many connections within the reconnect window, returning phones catch up from the
   * database instead of the stored packets (realtime/recovery-gate.ts). Default: no limit.
   */
  recoveryMaxViewers?: number;
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
  const prefix = options.redisPrefix ?? '';
  const allowedOrigins = new Set(options.allowedOrigins);
  const reconnectWindowMs = options.reconnectWindowMs ?? 2 * 60_000;
  let redis: RedisClient | undefined;
  let createAdapter: typeof createRedisAdapter | undefined;
  if (options.redisUrl) {
    // Loaded only with Redis: the client is some 700 modules, which a single process never needs.
    const [redisModule, adapterModule] = await Promise.all([
      import('redis'),
      import('@socket.io/redis-streams-adapter'),
    ]);
    createAdapter = commonJsExports(adapterModule, 'createAdapter').createAdapter;
    redis = commonJsExports(redisModule, 'createClient').createClient({ url: options.redisUrl });
    // Reconnection is the client's job; an error event without a listener would crash us.
    redis.on('error', () => {});
    await redis.connect();
  }
  const addressAllows = redis
    ? sharedAddressLimit(
        new RedisRateLimitStore(redis, `${prefix}ruthless:socket-events:`),
        limits.perAddress,
      )
    : localAddressLimit(limits.perAddress);
  const io: RealtimeServer = new Server(options.httpServer, {
    serveClient: false,
    // A browser may only connect from our own pages (never judged by the client's own Host or
    // X-Forwarded-Proto); clients without an Origin are not browsers.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, !origin || allowedOrigins.has(origin));
    },
    // With the streams adapter the sessions and missed packets live in Redis, so a connection
    // recovers on any process (not after its process died: that one never saved the session,
    // and the app's game:join with lastSeq fills the gap; docs/cluster.md).
    connectionStateRecovery: { maxDisconnectionDuration: reconnectWindowMs },
    // Our messages are a few hundred bytes: a bigger frame closes the connection before it is parsed.
    maxHttpBufferSize: MAX_FRAME_BYTES,
    ...(redis && createAdapter
      ? {
          adapter: createAdapter(withSessionWritesCaught(redis), {
            streamName: `${prefix}socket.io`,
            channelPrefix: `${prefix}socket.io`,
            sessionKeyPrefix: `${prefix}sio:session:`,
            // The stream holds what live delivery and the recovery of a short drop need: about
            // ten minutes of a busy show (docs/cluster.md, Reconnect storms). A session whose
            // offset was trimmed is not recovered, and its phone joins again from its last seq.
            maxLen: STREAM_MAX_LENGTH,
          }),
        }
      : {}),
  });
  const recoveryGate = new RecoveryGate(
    options.recoveryMaxViewers ?? Number.POSITIVE_INFINITY,
    reconnectWindowMs,
    () => io.engine.clientsCount,
  );
  recoveryGate.guard(io.of('/').adapter);
  const phones = new Phones(io, redis !== undefined);
  io.engine.use(rememberUpgradeResponse);

  // Shared by every connection (thousands of viewers hold no closures of their own but the one
  // middleware that counts their events).
  const closeFlooding = (socket: RealtimeSocket, address: string) => {
    if (socket.connected) {
      options.onFlood?.(address);
      socket.disconnect(true);
    }
  };
  const onDisconnect = () => options.socketsConnected.dec();
  // The client's address, read from the connection's first request before it is let go: a client
  // may leave the namespace and connect again over the same connection, with no request left.
  const addresses = new WeakMap<object, string>();
  io.on('connection', (socket) => {
    // Every event, whatever handler takes it, passes the connection's and the address's limits;
    // a connection over either is closed. A connection lives on one process, so its own bucket
    // is local; an address's connections may be spread over processes, so that count is shared.
    const address = addresses.get(socket.conn) ?? options.clientAddress(socket.request);
    addresses.set(socket.conn, address);
    letGoOfRequest(socket);
    const own = new TokenBucket(limits.perSocket.burst, limits.perSocket.perSecond);
    socket.use((_event, next) => {
      if (!own.take()) return closeFlooding(socket, address);
      const allowed = addressAllows(address);
      if (allowed === true) return next();
      if (allowed === false) return closeFlooding(socket, address);
      void allowed.then((ok) => (ok ? next() : closeFlooding(socket, address)));
    });
    options.socketsConnected.inc();
    // The audience is noted as it grows, not only at a drop: when a storm's connections all close
    // within one turn, the first session to be stored would otherwise see a process already empty.
    recoveryGate.recentAudience();
    socket.on('disconnect', onDisconnect);
    socket.on('ping', answerPing);
  });

  return {
    io,
    phones,
    redis,
    async movePhones() {
      if (!redis) return;
      io.local.emit('server:moving', { withinMs: moveWindowMs(io.engine.clientsCount) });
      // The hint leaves before the connections close (closing discards what is still queued).
      await new Promise((resolve) => setImmediate(resolve));
      io.engine.close();
    },
    async close() {
      // Closes the engine's transports without closing the HTTP server, which Fastify owns. No
      // disconnect packet: the clients take it for a lost connection and reconnect at once, to
      // another process in a cluster (with a disconnect packet they would stay away for good).
      io.engine.close();
      if (redis?.isOpen) await redis.quit().catch(() => {});
    },
  };
}

const UPGRADE_RESPONSE = Symbol('upgrade response');

/** engine.io's stand-in response of a WebSocket upgrade, kept on its request until the handshake. */
function rememberUpgradeResponse(request: IncomingMessage, response: unknown, next: (error?: Error) => void) {
  if (!(response instanceof ServerResponse))
    (request as IncomingMessage & { [UPGRADE_RESPONSE]?: unknown })[UPGRADE_RESPONSE] = response;
  next();
}

/**
 * Lets go of the connection's first HTTP request once the handshake has read it (headers, auth,
 * address): engine.io keeps it for the connection's life, on the connection and on the upgrade's
 * stand-in response (held by the TCP socket's close listener), about 0.9 KB of heap a viewer. Socket.IO's
 * memory guide drops the first of the two; the second is engine.io 6.6's own. Socket.IO's handshake
 * keeps the request's headers and query too, which nothing reads after the connection (a socket
 * that connects again over the same connection has none already); its `auth` stays.
 */
function letGoOfRequest(socket: RealtimeSocket): void {
  const request = socket.conn.request as (IncomingMessage & { [UPGRADE_RESPONSE]?: { req: unknown } }) | null;
  if (request?.[UPGRADE_RESPONSE]) request[UPGRADE_RESPONSE].req = null;
  (socket.conn as { request: unknown }).request = null;
  socket.handshake.headers = NO_HEADERS;
  socket.handshake.query = NO_QUERY;
}

const NO_HEADERS = Object.freeze({});
const NO_QUERY = Object.freeze({});

function answerPing(ack: (serverTime: number) => void) {
  if (typeof ack === 'function') ack(Date.now());
}

type AddressLimit = (address: string) => boolean | Promise<boolean>;

function localAddressLimit(limit: EventLimit): AddressLimit {
  const buckets = new KeyedTokenBuckets(limit);
  return (address) => buckets.take(address);
}

// Longer than a healthy Redis ever takes; a Redis away (restarting) must not stall the show.
const SHARED_LIMIT_WAIT_MS = 250;

/**
 * The address's events over every process, counted in Redis: `burst` events per window of
 * burst / perSecond seconds (the token bucket's long-run rate). With Redis unreachable or slow it
 * lets events through: the connection's own bucket still holds.
 */
function sharedAddressLimit(store: RedisRateLimitStore, limit: EventLimit): AddressLimit {
  const windowSeconds = Math.max(1, Math.ceil(limit.burst / limit.perSecond));
  return (address) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), SHARED_LIMIT_WAIT_MS);
      void store
        .hit(address, windowSeconds)
        .then(
          ({ count }) => resolve(count <= limit.burst),
          () => resolve(true),
        )
        .finally(() => clearTimeout(timer));
    });
}
