import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendChatBodySchema, sendChatResponseSchema } from '@ruthless/protocol';
import { errorResponses } from '../../../schemas/errors';

/** `POST /api/chat`: a ticket holder's message during the show (docs/chat.md). */
const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat } = app;
  app.post(
    '',
    {
      // A player on a break or self-excluded is refused like a claim or a join.
      onRequest: [app.authenticate, app.requireOperator, app.requireMayPlay],
      schema: {
        tags: ['chat'],
        summary: "Send a chat message to a live game (the name shown is the profile's alias)",
        security: [{ bearer: [] }],
        body: sendChatBodySchema,
        response: { 201: sendChatResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ message: await chat.send(request.player!, request.body) }),
  );
};

export default chatRoutes;
