import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROOM_IMAGE_MAX_BYTES, roomImageSchema } from '@ruthless/protocol';
import { PLAYER_ERRORS as errors, errorResponses } from '../../../../schemas/errors';

// Uploads are read whole and checked by their bytes; the limit here only stops a flood early.
const UPLOAD_READ_LIMIT = 4 * ROOM_IMAGE_MAX_BYTES;
const UPLOAD_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];

/** Room image uploads for hosts; served back by routes/room-images. */
const hostRoomImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { host } = app;
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: UPLOAD_READ_LIMIT },
    (_r, body, done) => done(null, body),
  );

  app.post(
    '',
    {
      bodyLimit: UPLOAD_READ_LIMIT,
      schema: {
        tags: ['host'],
        security: [{ bearer: [] }],
        summary:
          'Upload a room image (the raw bytes: PNG, JPEG or WebP, at most 2 MB; checked by content, SVG refused)',
        consumes: UPLOAD_TYPES,
        response: { 201: roomImageSchema, ...errors, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      const body: unknown = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '');
      return reply.status(201).send({ roomImage: await host.storeImage(bytes) });
    },
  );
};

export default hostRoomImagesRoutes;
