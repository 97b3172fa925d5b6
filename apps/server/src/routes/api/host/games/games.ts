import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { duplicateGameBodySchema, hostGameSchema, updateGameBodySchema } from '@ruthless/protocol';
import { PLAYER_ERRORS as errors } from '../../../../schemas/errors';
import { gameParams } from '../../../../schemas/params';

/** One game for hosts: its settings, changes before the start, copies and cancelling. */
const hostGamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { host } = app;
  const common = { tags: ['host'], security: [{ bearer: [] }] };

  app.get(
    '/:gameUuid',
    {
      schema: {
        ...common,
        summary: 'One game with its settings and commitment',
        params: gameParams,
        response: { 200: hostGameSchema, ...errors },
      },
    },
    async (request) => host.getGame(request.params.gameUuid),
  );

  app.post(
    '/:gameUuid/duplicate',
    {
      schema: {
        ...common,
        summary: 'Schedule a copy of a game (same settings, new seed) at another start',
        params: gameParams,
        body: duplicateGameBodySchema,
        response: { 201: hostGameSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await host.duplicateGame(request.params.gameUuid, request.body.gameStartTime)),
  );

  app.patch(
    '/:gameUuid',
    {
      schema: {
        ...common,
        summary: 'Change a game before it starts',
        params: gameParams,
        body: updateGameBodySchema,
        response: { 200: hostGameSchema, ...errors },
      },
    },
    async (request) => host.updateGame(request.params.gameUuid, request.body),
  );

  app.post(
    '/:gameUuid/cancel',
    {
      schema: {
        ...common,
        summary: 'Cancel a game before it starts: tickets released, holders told',
        params: gameParams,
        response: { 200: hostGameSchema, ...errors },
      },
    },
    async (request) => host.cancelGame(request.params.gameUuid),
  );
};

export default hostGamesRoutes;
