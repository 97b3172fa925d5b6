import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roomsQuerySchema, roomsResponseSchema, type Room } from '@ruthless/protocol';
import { errorResponses } from '../../../schemas/errors';

const acceptsGzip = new Negotiator({ supportedValues: ['gzip'] });

/** GET /api/rooms: public; the lobby and the landing page's 'Upcoming Shows' both read it. */
const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rooms } = app;
  app.get(
    '',
    {
      compress: false,
      schema: {
        tags: ['lobby'],
        summary: "The operator's rooms, each with its next games",
        querystring: roomsQuerySchema,
        response: { 200: roomsResponseSchema, ...errorResponses(400) },
      },
    },
    // Already JSON (serialised once per cache load), or gzip stitched from pieces compressed
    // once (rooms/stitched-gzip.ts), which the compress plugin would compress again on every
    // request: sent as they are, which the typed reply cannot express.
    async (request, reply) => {
      const { operator } = request.query;
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (acceptsGzip.negotiate(request.headers['accept-encoding'] ?? '') === 'gzip') {
        const gzip = await rooms.listRoomsGzip(operator);
        return reply.header('content-encoding', 'gzip').send(gzip as unknown as Room[]);
      }
      return reply.send((await rooms.listRoomsJson(operator)) as unknown as Room[]);
    },
  );
};

export default roomsRoutes;
