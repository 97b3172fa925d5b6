import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGameBodySchema,
  createRoomBodySchema,
  errorResponseSchema,
  hostGameSchema,
  hostRoomSchema,
  updateGameBodySchema,
  updateRoomBodySchema,
} from '@ruthless/protocol';
import type { HostService } from '../../host/host.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const roomParams = z.strictObject({ roomUuid: z.uuid({ error: 'roomUuid must be a valid id' }) });
const gameParams = z.strictObject({ gameUuid: z.uuid({ error: 'gameUuid must be a valid id' }) });

/** Scheduling for hosts (ADMIN_EMAILS); everyone else gets 403. */
export const hostRoutes: FastifyPluginAsyncZod<{ host: HostService }> = async (app, { host }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireHost);
  const common = { tags: ['host'], security: [{ bearer: [] }] };

  app.post(
    '/api/host/rooms',
    {
      schema: {
        ...common,
        summary: 'Create a room',
        body: createRoomBodySchema,
        response: { 201: hostRoomSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await host.createRoom(request.body)),
  );

  app.patch(
    '/api/host/rooms/:roomUuid',
    {
      schema: {
        ...common,
        summary: "Change a room's name, theme or image",
        params: roomParams,
        body: updateRoomBodySchema,
        response: { 200: hostRoomSchema, ...errors },
      },
    },
    async (request) => host.updateRoom(request.params.roomUuid, request.body),
  );

  app.post(
    '/api/host/rooms/:roomUuid/games',
    {
      schema: {
        ...common,
        summary: 'Schedule a game; the answer carries its seed commitment',
        params: roomParams,
        body: createGameBodySchema,
        response: { 201: hostGameSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await host.createGame(request.params.roomUuid, request.body)),
  );

  app.patch(
    '/api/host/games/:gameUuid',
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
    '/api/host/games/:gameUuid/cancel',
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
