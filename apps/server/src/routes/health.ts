import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@ruthless/protocol';
import { VERSION } from '../app';

export interface HealthChecks {
  databaseKind: 'pglite' | 'postgres';
  pingDatabase(): Promise<void>;
  pingRedis: (() => Promise<void>) | undefined;
  version: string;
}

const PING_TIMEOUT_MS = 2000;

async function answers(ping: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** GET /health: 200 when the database (and Redis, when configured) answers, 503 otherwise. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, realtime } = app;
  const checks: HealthChecks = {
    databaseKind: database.kind,
    pingDatabase: database.ping,
    pingRedis: realtime.redis
      ? async () => {
          await realtime.redis!.ping();
        }
      : undefined,
    version: VERSION,
  };
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and readiness of this process and its database',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        answers(checks.pingDatabase),
        checks.pingRedis ? answers(checks.pingRedis) : Promise.resolve(undefined),
      ]);
      const healthy = database && redis !== false;
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'unavailable',
        database: database ? 'up' : 'down',
        databaseKind: checks.databaseKind,
        redis: redis === undefined ? 'not-configured' : redis ? 'up' : 'down',
        uptimeSeconds: Math.round(process.uptime()),
        version: checks.version,
      });
    },
  );
};

export default healthRoutes;
