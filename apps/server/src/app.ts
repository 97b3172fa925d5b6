import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { DemoService } from './demo/demo.service';
import { GamesRepository } from './games/games.repository';
import { registerErrorHandler } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { registerWebApp } from './plugins/web-app';
import { startRealtime, type Realtime } from './realtime/socket-server';
import { RoomsRepository } from './rooms/rooms.repository';
import { roomsRoutes } from './routes/api/rooms';
import { healthRoutes } from './routes/health';
import { RoomsService } from './rooms/rooms.service';

export const VERSION = '0.1.0';
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEMO_SCHEDULE_REFRESH_MS = 5 * 60_000;

export interface App {
  fastify: FastifyInstance;
  database: Database;
  realtime: Realtime;
  /** Stops accepting, finishes requests in flight, then closes sockets and the database. */
  close(): Promise<void>;
}

/**
 * Builds the whole server: external plugins, then app services, then routes. Nothing listens
 * until the caller calls `fastify.listen`.
 */
export async function buildApp(config: Config, options: { webDist?: string } = {}): Promise<App> {
  const fastify = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    },
    trustProxy: true,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(fastify);

  const database = await openDatabase(config);

  // External plugins.
  await fastify.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        // react-toastify and the swagger page inject styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
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
  });

  // Routes.
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
  await fastify.register(roomsRoutes, { rooms: new RoomsService(roomsRepository) });
  await registerWebApp(fastify, options.webDist ?? DEFAULT_WEB_DIST);

  // Services that run on their own.
  let demoTimer: NodeJS.Timeout | undefined;
  if (config.demo) {
    const demo = new DemoService(roomsRepository, new GamesRepository(database.db));
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
    await realtime.close();
  });
  fastify.addHook('onClose', async () => {
    await database.close();
  });

  return { fastify, database, realtime, close: () => fastify.close() };
}
