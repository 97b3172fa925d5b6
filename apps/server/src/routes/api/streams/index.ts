import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@ruthless/protocol';
import { NotFoundError, UnauthorizedError } from '../../../errors';
import { holdsBearer } from '../../../plugins/internal-access';
import { isHls } from '../../../replay/video';
import { errorResponses } from '../../../schemas/errors';

const recordingBody = z.strictObject({
  streamKey: z
    .string({ error: 'streamKey expects the stream key' })
    .regex(/^[\w-]{1,64}$/, { error: 'streamKey expects 1 to 64 letters, digits, _ or -' }),
  recordingUrl: z
    .string({ error: 'recordingUrl expects the recording’s http:// or https:// address' })
    .max(500, { error: 'recordingUrl is too long' })
    .regex(/^https?:\/\/[^\s"'<>]+$/, {
      error: 'recordingUrl expects the recording’s http:// or https:// address',
    })
    .refine((url) => !isHls(url), { error: 'recordingUrl expects a video file, not an HLS playlist' }),
  startedAt: z.iso.datetime({
    offset: true,
    error: 'startedAt expects an ISO 8601 date and time, such as 2030-01-01T20:00:00Z',
  }),
});

/**
 * The streaming server's hook (docs/live-streaming.md, Recording for the replay): a recording of
 * a stream key is ready, and the show that streamed it keeps its address for the replay. For the
 * streaming server only, with STREAM_HOOK_SECRET as its bearer token; 404 while that is unset.
 */
const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.streamHookSecret;
  // Before the body's validation: a caller without the secret learns nothing of the route's rules.
  app.addHook('onRequest', async (request) => {
    if (!secret) throw new NotFoundError(ErrorCode.notFound, 'Not found');
    if (!holdsBearer(request.headers.authorization, secret)) {
      throw new UnauthorizedError(
        ErrorCode.unauthorized,
        'authorization: expects Bearer and the stream hook secret.',
      );
    }
  });

  app.post(
    '/recordings',
    {
      schema: {
        tags: ['live'],
        summary:
          'The streaming server tells of a recording of a stream key: its show keeps it for the replay',
        description:
          'For the streaming server only (Authorization: Bearer STREAM_HOOK_SECRET; 404 when unset). The show is the latest that played `…/<streamKey>.m3u8` and was on air while it was recorded.',
        security: [{ bearer: [] }],
        body: recordingBody,
        response: { 200: z.object({ gameUuid: z.uuid() }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { streamKey, recordingUrl, startedAt } = request.body;
      const gameId = await app.streamRecordings.keep(
        { streamKey, recordingUrl, startedAt: new Date(startedAt) },
        new Date(),
      );
      if (!gameId) {
        request.log.warn(
          { streamKey, recordingUrl, startedAt },
          'stream recording: no show streamed from this key',
        );
        throw new NotFoundError(
          ErrorCode.notFound,
          'No show played this stream key while it was recorded.',
          'streamKey',
        );
      }
      request.log.info(
        { gameId, streamKey, recordingUrl, startedAt },
        'stream recording kept for the replay',
      );
      return { gameUuid: gameId };
    },
  );
};

export default streamRoutes;
