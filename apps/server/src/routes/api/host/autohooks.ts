import type { FastifyInstance } from 'fastify';

/** Everything under /api/host is for hosts (ADMIN_EMAILS): 401 signed out, 403 to everyone else. */
export default async function hostOnly(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireHost);
}
