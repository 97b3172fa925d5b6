import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGameBodySchema,
  createRoomBodySchema,
  hostGameListSchema,
  hostGameSchema,
  hostRoomListSchema,
  hostRoomSchema,
  scheduleBodySchema,
  scheduleResultSchema,
  updateRoomBodySchema,
} from '@ruthless/protocol';
import { PLAYER_ERRORS as errors } from '../../../../schemas/errors';
import { roomParams } from '../../../../schemas/params';

/** Rooms for hosts, and the games scheduled in them. Every change is audited (host/audit.ts). */
const hostRoomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { host } = app;
  const common = { tags: ['host'], security: [{ bearer: [] }] };

  app.get(
    '',
    {
      schema: {
        ...common,
        summary: 'Every room, archived ones included',
        response: { 200: hostRoomListSchema, ...errors },
      },
    },
    async () => ({ rooms: await host.listRooms() }),
  );

  app.post(
    '',
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
    '/:roomUuid',
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

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/:roomUuid/${action}`,
      {
        schema: {
          ...common,
          summary: archived
            ? 'Archive a room: hidden from the lobby, its games kept for the results'
            : 'Bring an archived room back to the lobby',
          params: roomParams,
          response: { 200: hostRoomSchema, ...errors },
        },
      },
      async (request) => host.archiveRoom(request.params.roomUuid, archived),
    );
  }

  app.get(
    '/:roomUuid/games',
    {
      schema: {
        ...common,
        summary: "A room's games, latest start first",
        params: roomParams,
        response: { 200: hostGameListSchema, ...errors },
      },
    },
    async (request) => ({ games: await host.listGames(request.params.roomUuid) }),
  );

  app.post(
    '/:roomUuid/games',
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

  app.post(
    '/:roomUuid/schedule',
    {
      schema: {
        ...common,
        summary:
          "A repeating schedule: every N minutes from HH:MM to HH:MM on some weekdays between two dates, in the host's time zone",
        params: roomParams,
        body: scheduleBodySchema,
        response: { 201: scheduleResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await host.schedule(request.params.roomUuid, request.body)),
  );
};

export default hostRoomsRoutes;
