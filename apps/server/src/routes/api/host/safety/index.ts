import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hostBreakCountsSchema } from '@ruthless/protocol';
import { errorResponses } from '../../../../schemas/errors';

/** How many players are on a break or self-excluded now: a count, never who. */
const hostSafetyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/breaks',
    {
      schema: {
        tags: ['host'],
        security: [{ bearer: [] }],
        summary: 'How many players are on a break and how many self-excluded (counts only)',
        response: { 200: hostBreakCountsSchema, ...errorResponses(401, 403) },
      },
    },
    () => app.safety.counts(),
  );
};

export default hostSafetyRoutes;
