import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { choiceBodySchema, errorResponseSchema, luckyFatePickBodySchema } from '@ruthless/protocol';
import type { LuckyFatePick } from '@ruthless/game';
import type { LiveActions } from '../../live/live-actions.service';
import type { LiveGames } from '../../live/live-games.service';
import { HttpError } from '../../plugins/errors';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const gameParams = z.strictObject({ gameUuid: z.uuid({ error: 'gameUuid must be a valid id' }) });
const okSchema = z.object({ ok: z.literal(true) });
const HOST_ACTIONS = ['open-green-room', 'start', 'draw', 'pause', 'resume', 'end'] as const;

/** A live game's REST face: players' choices and picks, the results, and the host's controls. */
export const gamesRoutes: FastifyPluginAsyncZod<{ live: LiveGames; actions: LiveActions }> = async (
  app,
  { live, actions },
) => {
  const player = { onRequest: [app.authenticate, app.requireOperator] };
  const host = { onRequest: [app.authenticate, app.requireHost] };

  app.post(
    '/api/games/:gameUuid/choice',
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
    '/api/games/:gameUuid/lucky-fate',
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
    '/api/games/:gameUuid/results',
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
        throw new HttpError(404, 'game/not-found', 'This game does not exist.', 'gameUuid');
      if (results === 'not-ended') {
        throw new HttpError(409, 'game/not-ended', 'The results are published when the game ends.');
      }
      return results;
    },
  );

  app.get(
    '/api/games/:gameUuid/events',
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
        throw new HttpError(404, 'game/not-found', 'This game does not exist.', 'gameUuid');
      if (log === 'not-ended') {
        throw new HttpError(409, 'game/not-ended', 'The event log is published when the game ends.');
      }
      return log;
    },
  );

  for (const action of HOST_ACTIONS) {
    app.post(
      `/api/host/games/:gameUuid/${action}`,
      {
        ...host,
        schema: {
          tags: ['host'],
          summary: `Host control: ${action.replaceAll('-', ' ')}`,
          security: [{ bearer: [] }],
          params: gameParams,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await actions.control(request.params.gameUuid, action);
        return { ok: true as const };
      },
    );
  }
};
