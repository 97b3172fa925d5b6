import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConflictError, NotFoundError } from '../../../errors';
import { gameParams } from '../../../schemas/params';

/** Watch again (docs/live-show.md): an ended show's published log with what a phone folds it with. */
const replayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:gameUuid',
    {
      schema: {
        tags: ['live'],
        summary:
          "An ended game's published event log with its setup and names, to watch it again (409 before the end)",
        description:
          'No sign-in needed. With a valid identity token the answer also names the caller’s own ticket; a token that does not verify is read as signed out.',
        params: gameParams,
      },
    },
    async (request) => {
      const playerId = await callerOf(app, request.headers.authorization);
      const replay = await app.replays.replay(request.params.gameUuid, playerId);
      if (replay === 'not-found')
        throw new NotFoundError('game/not-found', 'This game does not exist.', 'gameUuid');
      if (replay === 'not-ended')
        throw new ConflictError('game/not-ended', 'A show can be watched again once it has ended.');
      return replay;
    },
  );
};

/** The signed-in caller's id, or null: the replay is public, the token only adds their ticket. */
async function callerOf(
  app: Parameters<FastifyPluginAsyncZod>[0],
  authorization: string | undefined,
): Promise<string | null> {
  if (!authorization) return null;
  try {
    return (await app.verifyIdentityToken(authorization)).id;
  } catch {
    return null;
  }
}

export default replayRoutes;
