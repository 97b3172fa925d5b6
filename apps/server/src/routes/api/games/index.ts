import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GameErrorCode, choiceBodySchema, luckyFatePickBodySchema } from '@ruthless/protocol';
import type { LuckyFatePick } from '@ruthless/game';
import { ConflictError, NotFoundError } from '../../../errors';
import { PLAYER_ERRORS as errors } from '../../../schemas/errors';
import { gameParams, okSchema } from '../../../schemas/params';

/** A live game's REST face for players: their choices and picks, and the results. */
const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { live, liveActions: actions } = app;
  // A player on a break or self-excluded plays no move (safety/safety.service.ts).
  const player = { onRequest: [app.authenticate, app.requireOperator, app.requireMayPlay] };

  app.post(
    '/:gameUuid/choice',
    {
      ...player,
      schema: {
        tags: ['live'],
        summary: "A finalist's SHARE or STEAL, before the counter ends (the same choice again is a no-op)",
        security: [{ bearer: [] }],
        params: gameParams,
        body: choiceBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await actions.choose(request.params.gameUuid, request.player!.id, request.body.choice);
      return { ok: true as const };
    },
  );

  app.post(
    '/:gameUuid/lucky-fate',
    {
      ...player,
      schema: {
        tags: ['live'],
        summary: 'Pick a face-down lucky-fate card (0..2) during the lucky-fate stage of an in-game game',
        security: [{ bearer: [] }],
        params: gameParams,
        body: luckyFatePickBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await actions.pickLuckyFate(
        request.params.gameUuid,
        request.player!.id,
        request.body.pick as LuckyFatePick,
      );
      return { ok: true as const };
    },
  );

  app.get(
    '/:gameUuid/results',
    {
      schema: {
        tags: ['live'],
        summary:
          'The results of an ended game, with the seed so anyone can check the draw (409 before the end)',
        params: gameParams,
      },
    },
    async (request) => {
      const results = await live.results(request.params.gameUuid);
      if (results === 'not-found')
        throw new NotFoundError(GameErrorCode.notFound, 'This game does not exist.', 'gameUuid');
      if (results === 'not-ended') {
        throw new ConflictError(GameErrorCode.notEnded, 'The results are published when the game ends.');
      }
      return results;
    },
  );

  app.get(
    '/:gameUuid/events',
    {
      schema: {
        tags: ['live'],
        summary:
          "An ended game's stored event log with its seed, to check with verifyGame (409 before the end)",
        params: gameParams,
      },
    },
    async (request) => {
      const log = await live.eventLog(request.params.gameUuid);
      if (log === 'not-found')
        throw new NotFoundError(GameErrorCode.notFound, 'This game does not exist.', 'gameUuid');
      if (log === 'not-ended') {
        throw new ConflictError(GameErrorCode.notEnded, 'The event log is published when the game ends.');
      }
      return log;
    },
  );
};

export default gamesRoutes;
