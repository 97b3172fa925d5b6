import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, landingVisitBodySchema } from '@ruthless/protocol';

/** The landing page reports its campaign parameters (docs/player-app.md (Screens): read and logged). */
export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/landing/visit',
    {
      schema: {
        tags: ['landing'],
        summary: 'Log the utm_source, utm_medium and utm_campaign a visitor arrived with',
        body: landingVisitBodySchema,
        response: { 204: z.null().describe('Logged'), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      request.log.info({ utm: request.body }, 'landing visit');
      return reply.status(204).send(null);
    },
  );
};
