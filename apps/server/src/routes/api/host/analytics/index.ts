import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roomAnalyticsQuerySchema, roomAnalyticsSchema, showAnalyticsSchema } from '@ruthless/protocol';
import { errorResponses } from '../../../../schemas/errors';
import { gameParams, roomParams } from '../../../../schemas/params';

/** Show analytics (docs/host-console.md, "Analytics"): hosts only (../autohooks.ts), counts only. */
const hostAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app;
  app.get(
    '/games/:gameUuid',
    {
      schema: {
        tags: ['host'],
        security: [{ bearer: [] }],
        summary: "One show's figures: viewers, tickets, wins, the final, chat, reconnects and money",
        params: gameParams,
        response: { 200: showAnalyticsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async ({ params }) => analytics.show(params.gameUuid),
  );
  app.get(
    '/rooms/:roomUuid',
    {
      schema: {
        tags: ['host'],
        security: [{ bearer: [] }],
        summary: "A room's ended shows week by week, its busiest start times and its shows",
        params: roomParams,
        querystring: roomAnalyticsQuerySchema,
        response: { 200: roomAnalyticsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async ({ params, query }) => analytics.room(params.roomUuid, query.weeks, query.timeZone),
  );
};

export default hostAnalyticsRoutes;
