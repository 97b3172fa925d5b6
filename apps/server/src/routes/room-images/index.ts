import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@ruthless/protocol';
import { NotFoundError } from '../../errors';

/** Uploaded room images (ROOM_IMAGES_PATH): public, named by their hash, so cached for a year. */
const roomImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = app.roomImages;
  app.get(
    '/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const image = await images.read(request.params.file);
      if (!image) throw new NotFoundError(ErrorCode.notFound, 'This image does not exist.');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(image.type)
        .send(image.bytes);
    },
  );
};

export default roomImageRoutes;
