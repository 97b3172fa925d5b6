import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import proxyAddr from '@fastify/proxy-addr';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { setUpAccounts, type Accounts, type AccountsOptions } from './auth/accounts';
import { trustedOrigins } from './auth/auth';
import { authRoutes } from './auth/auth.routes';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { DemoService } from './demo/demo.service';
import { mailboxRoutes } from './dev/mailbox.routes';
import { GamesRepository } from './games/games.repository';
import { registerErrorHandler, registerTextGuard } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { metricsPlugin } from './plugins/metrics';
import { registerWebApp } from './plugins/web-app';
import { authenticateSockets } from './realtime/socket-identity';
import { startRealtime, type Realtime, type SocketEventLimits } from './realtime/socket-server';
import { operatorRoutes } from './operator/operator.routes';
import { RoomsRepository } from './rooms/rooms.repository';
import { HostService } from './host/host.service';
import { MetadataPublisher } from './lobby/metadata-publisher';
import { hostRoutes } from './routes/api/host';
import { AuditRepository } from './host/audit.repository';
import { hostAuditPlugin } from './host/audit';
import { RoomImages } from './host/room-images';
import { roomImageRoutes } from './routes/room-images';
import { gamesRoutes } from './routes/api/games';
import { ChatFeed } from './chat/chat-feed';
import { ChatRepository } from './chat/chat.repository';
import { ChatService } from './chat/chat.service';
import type { RateLimitRule } from './auth/rate-limit';
import { chatRoutes, hostChatRoutes } from './routes/api/chat';
import { GameRunner } from './live/game-runner';
import { LiveActions } from './live/live-actions.service';
import { LiveGames } from './live/live-games.service';
import { gameRoom, registerLiveHandlers } from './live/live.handlers';
import { LiveRepository } from './live/live.repository';
import { landingRoutes } from './routes/api/landing';
import { vitalsRoutes } from './routes/api/vitals';
import { roomsRoutes } from './routes/api/rooms';
import { ticketsRoutes } from './routes/api/tickets';
import { TicketsRepository } from './tickets/tickets.repository';
import { TicketsService } from './tickets/tickets.service';
import { healthRoutes } from './routes/health';
import { RoomsService } from './rooms/rooms.service';

export const VERSION = '0.1.0';
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEMO_SCHEDULE_REFRESH_MS = 5 * 60_000;

export interface App {
  config: Config;
  fastify: FastifyInstance;
  database: Database;
  realtime: Realtime;
  /** Better Auth, the mailer and the operator's settings. */
  accounts: Accounts;
  live: LiveGames;
  runner: GameRunner;
  /** Stops accepting, finishes requests in flight, then closes sockets and the database. */
  close(): Promise<void>;
}

/**
 * Builds the whole server: external plugins, then app services, then routes. Nothing listens
 * until the caller calls `fastify.listen`.
 */
export async function buildApp(
  config: Config,
  options: {
    webDist?: string;
    accounts?: AccountsOptions;
    /** False: no automatic host (tests drive games). */ runGames?: boolean;
    /** Overrides of the socket event limits (tests use small ones). */
    socketEventLimits?: SocketEventLimits;
    /** Override of the chat's per-player limit (tests). */
    chatLimit?: RateLimitRule;
  } = {},
): Promise<App> {
  // Only behind a proxy may X-Forwarded-For name the client (rate limits key on the address).
  const trustProxy = config.trustProxy;
  const trust = (_address: string, hop: number) =>
    typeof trustProxy === 'number' ? hop < trustProxy : trustProxy;
  const fastify = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    },
    trustProxy: typeof trustProxy === 'number' ? trust : trustProxy,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(fastify);
  registerTextGuard(fastify);

  const database = await openDatabase(config);

  // External plugins.
  await fastify.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    videoOrigins: config.videoOrigins,
    embedOrigins: config.embedOrigins,
  });
  await fastify.register(fastifyCompress, { threshold: 1024 });
  await fastify.register(metricsPlugin);
  await fastify.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Ruthless API',
        description: 'The REST API of the Ruthless game show',
        version: VERSION,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await fastify.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const realtime = await startRealtime({
    httpServer: fastify.server,
    redisUrl: config.redisUrl,
    socketsConnected: fastify.metrics.socketsConnected,
    allowedOrigins: trustedOrigins(config).map((origin) => new URL(origin).origin),
    clientAddress: (request) => proxyAddr(request, trust),
    eventLimits: options.socketEventLimits,
    onFlood: (address) => fastify.log.warn({ address }, 'socket closed: too many events'),
  });

  // App plugins.
  const accounts = await setUpAccounts(fastify, config, database, realtime, options.accounts);

  // Before any route: every host action is audited through this one hook.
  const auditRepository = new AuditRepository(database.db);
  await fastify.register(hostAuditPlugin, { audit: auditRepository });
  const roomImages = new RoomImages(config.dataDir);

  // Routes.
  await fastify.register(authRoutes, { service: accounts.authService });
  await fastify.register(operatorRoutes, { service: accounts.operatorService });
  authenticateSockets(realtime.io, (token) => fastify.verifyIdentityToken(token));
  if (config.devMailbox) {
    await fastify.register(mailboxRoutes, { repository: accounts.mailRepository });
  }
  await fastify.register(healthRoutes, {
    databaseKind: database.kind,
    pingDatabase: database.ping,
    pingRedis: realtime.redis
      ? async () => {
          await realtime.redis!.ping();
        }
      : undefined,
    version: VERSION,
  });
  const roomsRepository = new RoomsRepository(database.db);
  const gamesRepository = new GamesRepository(database.db);
  const ticketsRepository = new TicketsRepository(database.db);
  const lobby = new RoomsService(roomsRepository);
  const liveRepository = new LiveRepository(database.db);
  const live = new LiveGames(liveRepository, (gameId, message) =>
    realtime.io.to(gameRoom(gameId)).emit('game:event', message),
  );
  const actions = new LiveActions(live);
  const metadata = new MetadataPublisher(
    gamesRepository,
    (payload) => {
      realtime.io.emit('metadata', payload);
      // The claims behind this update are game events too: the green room counts players in.
      live
        .publishNewEvents(payload.gameUuid)
        .catch((err: unknown) => fastify.log.error({ err }, 'claim events push failed'));
    },
    (err) => fastify.log.error({ err }, 'metadata push failed'),
  );
  await fastify.register(roomsRoutes, { rooms: lobby });
  await fastify.register(landingRoutes);
  await fastify.register(vitalsRoutes, { store: accounts.rateLimitStore });
  await fastify.register(ticketsRoutes, {
    tickets: new TicketsService(ticketsRepository, gamesRepository, metadata),
  });
  await fastify.register(hostRoutes, {
    host: new HostService(
      roomsRepository,
      gamesRepository,
      live,
      lobby,
      metadata,
      (payload) => realtime.io.emit('game-cancelled', payload),
      auditRepository,
      roomImages,
    ),
  });
  await fastify.register(roomImageRoutes, { images: roomImages });
  await fastify.register(gamesRoutes, { live, actions });
  const chatFeed = new ChatFeed((gameId, messages) =>
    realtime.io.to(gameRoom(gameId)).emit('chat:messages', { gameUuid: gameId, messages }),
  );
  const chat = new ChatService(
    new ChatRepository(database.db),
    chatFeed,
    (gameId, messageUuids) =>
      realtime.io.to(gameRoom(gameId)).emit('chat:deleted', { gameUuid: gameId, messageUuids }),
    accounts.rateLimitStore,
    options.chatLimit,
  );
  await fastify.register(chatRoutes, { chat });
  await fastify.register(hostChatRoutes, { chat });
  registerLiveHandlers(fastify, realtime.io, live, actions, chat);
  await registerWebApp(fastify, options.webDist ?? DEFAULT_WEB_DIST);

  // Services that run on their own.
  const runner = new GameRunner(liveRepository, live, (err, gameId) =>
    fastify.log.error({ err, gameId }, 'game runner failed'),
  );
  if (options.runGames !== false) runner.start();
  let demoTimer: NodeJS.Timeout | undefined;
  if (config.demo) {
    const demo = new DemoService(roomsRepository, gamesRepository);
    await demo.ensureRooms();
    await demo.extendSchedule(new Date());
    demoTimer = setInterval(() => {
      demo
        .extendSchedule(new Date())
        .catch((err: unknown) => fastify.log.error({ err }, 'demo schedule failed'));
    }, DEMO_SCHEDULE_REFRESH_MS);
    demoTimer.unref();
  }

  fastify.addHook('preClose', async () => {
    clearInterval(demoTimer);
    await runner.stop();
    metadata.stop();
    chatFeed.stop();
    await realtime.close();
  });
  fastify.addHook('onClose', async () => {
    await database.close();
  });

  return { config, fastify, database, realtime, accounts, live, runner, close: () => fastify.close() };
}
