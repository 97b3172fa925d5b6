import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { landingVisitBodySchema } from '@ruthless/protocol';
import { errorResponses } from '../../../schemas/errors';

/** The landing page reports its campaign parameters (docs/player-app.md (Screens): read and logged). */
const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/visit',
    {
      schema: {
        tags: ['landing'],
        summary: 'Log the utm_source, utm_medium and utm_campaign a visitor arrived with',
        body: landingVisitBodySchema,
        response: { 204: z.null().describe('Logged'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      request.log.info({ utm: request.body }, 'landing visit');
      return reply.status(204).send(null);
    },
  );
};

export default landingRoutes;
