import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteLinkResponseSchema } from '@ruthless/protocol';
import { errorResponses } from '../../../schemas/errors';

/** /api/profile: what the profile screen shows beside the operator's settings. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invite',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary:
          "The player's invite link (made on the first ask, the same after) and how many friends joined",
        description:
          'Only a count: an invite is never rewarded. The link holds a secret code: share it, never log it.',
        security: [{ bearer: [] }],
        response: { 200: inviteLinkResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // The link is the player's own: kept by no shared cache.
      reply.header('cache-control', 'private, no-store');
      return app.accounts.invites.link(request.player!.id);
    },
  );
};

export default profileRoutes;
