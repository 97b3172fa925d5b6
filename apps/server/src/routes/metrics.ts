import type { FastifyPluginAsync } from 'fastify';
import { internalOnly } from '../plugins/internal-access';

/**
 * GET /metrics: Prometheus's text of this process's registry (plugins/external/metrics.ts), to
 * METRICS_TOKEN's bearer only when it is set, and never in production without it.
 */
const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/metrics',
    { schema: { hide: true }, onRequest: internalOnly(app.config) },
    async (_request, reply) => {
      reply.type(app.metrics.registry.contentType);
      return app.metrics.registry.metrics();
    },
  );
};

export default metricsRoutes;
