import { z } from 'zod';
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

  app.get(
    '/marketing.csv',
    {
      schema: {
        tags: ['host'],
        security: [{ bearer: [] }],
        summary: 'The players whose marketing consent is in force, as CSV (only those who gave it)',
        // Sent as bytes, so no JSON serializer touches the CSV.
        produces: ['text/csv'],
        response: { 200: z.any().describe('CSV'), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ruthless-marketing-consent.csv"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(await app.marketing.exportCsv(), 'utf8')),
  );
};

export default hostSafetyRoutes;
