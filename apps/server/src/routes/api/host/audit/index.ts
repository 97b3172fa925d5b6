import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListSchema, auditQuerySchema } from '@ruthless/protocol';
import { PLAYER_ERRORS as errors } from '../../../../schemas/errors';

/** The host audit (host/audit.ts): what hosts did. */
const hostAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { host } = app;
  app.get(
    '',
    {
      schema: {
        tags: ['host'],
        security: [{ bearer: [] }],
        summary: 'What hosts did (newest first), filtered by room or game',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errors },
      },
    },
    async ({ query }) => ({
      entries: await host.listAudit({ roomId: query.roomUuid, gameId: query.gameUuid, limit: query.limit }),
    }),
  );
};

export default hostAuditRoutes;
