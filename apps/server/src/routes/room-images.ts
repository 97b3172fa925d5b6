import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@ruthless/protocol';
import { ROOM_IMAGES_PATH, type RoomImages } from '../host/room-images';

/** Uploaded room images: public, named by their hash, so cached for a year. */
export const roomImageRoutes: FastifyPluginAsyncZod<{ images: RoomImages }> = async (app, { images }) => {
  app.get(
    `${ROOM_IMAGES_PATH}/:file`,
    { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const image = await images.read(request.params.file);
      if (!image) {
        return reply
          .status(404)
          .send({ statusCode: 404, code: ErrorCode.notFound, message: 'This image does not exist.' });
      }
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(image.type)
        .send(image.bytes);
    },
  );
};
