import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: { registry: Registry; socketsConnected: Gauge };
  }
}

/**
 * Prometheus metrics (served at GET /metrics by routes/metrics.ts): requests, latency, sockets
 * connected and the process's own figures (event-loop lag among them). One registry per app so
 * tests can run several apps.
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const socketsConnected = new Gauge({
      name: 'socketio_connected_sockets',
      help: 'Realtime sockets connected to this process',
      registers: [registry],
    });
    app.decorate('metrics', { registry, socketsConnected });

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, not the raw URL, keeps the label set small.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status_code: reply.statusCode });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);
