import type { FastifyPluginAsync } from 'fastify';

/** GET /metrics: Prometheus's text of this process's registry (plugins/external/metrics.ts). */
const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });
};

export default metricsRoutes;
