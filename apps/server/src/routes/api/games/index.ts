import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GameErrorCode,
  choiceBodySchema,
  luckyFatePickBodySchema,
  shareSummarySchema,
} from '@ruthless/protocol';
import type { LuckyFatePick } from '@ruthless/game';
import { ConflictError, NotFoundError } from '../../../errors';
import { PLAYER_ERRORS as errors, errorResponses } from '../../../schemas/errors';
import { gameParams, okSchema } from '../../../schemas/params';
import { sendCardPng } from '../../../share/card-response';

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

  // Results worth sharing (docs/player-app.md): public, for ended shows only.
  const noShareable = () =>
    new NotFoundError(GameErrorCode.notFound, 'This show has no results to share yet.', 'gameUuid');

  app.get(
    '/:gameUuid/share',
    {
      schema: {
        tags: ['live'],
        summary: "An ended show's link preview: its title, words, page and card (404 before the end)",
        description: 'No sign-in needed. Only what the results publish.',
        params: gameParams,
        response: { 200: shareSummarySchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const summary = await app.shareCards.summary(request.params.gameUuid);
      if (summary === 'not-found') throw noShareable();
      return summary;
    },
  );

  app.get(
    '/:gameUuid/share-card.png',
    {
      schema: {
        tags: ['live'],
        summary: "An ended show's share card, a 1200x630 PNG for link previews (404 before the end)",
        description:
          'No sign-in needed. Drawn once per version of what it shows; asked with its current version (`v`, from the share summary) it may be kept for a year.',
        params: gameParams,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const card = await app.shareCards.png(request.params.gameUuid);
      if (card === 'not-found') throw noShareable();
      return sendCardPng(request, reply, card, request.query.v);
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
