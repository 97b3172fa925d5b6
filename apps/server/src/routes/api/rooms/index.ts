import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roomsQuerySchema, roomsResponseSchema, type Room } from '@ruthless/protocol';
import { errorResponses } from '../../../schemas/errors';

/** GET /api/rooms: public; the lobby and the landing page's 'Upcoming Shows' both read it. */
const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rooms } = app;
  app.get(
    '',
    {
      schema: {
        tags: ['lobby'],
        summary: "The operator's rooms, each with its next games",
        querystring: roomsQuerySchema,
        response: { 200: roomsResponseSchema, ...errorResponses(400) },
      },
    },
    // Already JSON (serialised once per cache load): Fastify sends a JSON string as it is, which
    // the typed reply cannot express.
    async (request, reply) => {
      const json = await rooms.listRoomsJson(request.query.operator);
      return reply.type('application/json; charset=utf-8').send(json as unknown as Room[]);
    },
  );
};

export default roomsRoutes;
