import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../../schemas/errors';
import { playerParams } from '../../../../schemas/params';

/** A host's hand on a player across games (docs/chat.md). */
const hostPlayersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat } = app;
  app.post(
    '/:playerUuid/reset-alias',
    {
      schema: {
        tags: ['host'],
        security: [{ bearer: [] }],
        summary: "Clear a player's alias: they must choose a new one at their next start",
        params: playerParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await chat.resetAlias(request.params.playerUuid);
      await app.live.announceName(request.params.playerUuid);
      return reply.status(204).send(null);
    },
  );
};

export default hostPlayersRoutes;
