import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, roomsQuerySchema, roomsResponseSchema } from '@ruthless/protocol';
import type { RoomsService } from '../../rooms/rooms.service';

/** GET /api/rooms: public; the lobby and the landing page's 'Upcoming Shows' both read it. */
export const roomsRoutes: FastifyPluginAsyncZod<{ rooms: RoomsService }> = async (app, { rooms }) => {
  app.get(
    '/api/rooms',
    {
      schema: {
        tags: ['lobby'],
        summary: "The operator's rooms, each with its next games",
        querystring: roomsQuerySchema,
        response: { 200: roomsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => rooms.listRooms(request.query.operator),
  );
};
