import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROOM_IMAGE_MAX_BYTES,
  auditListSchema,
  auditQuerySchema,
  duplicateGameBodySchema,
  hostGameListSchema,
  hostRoomListSchema,
  roomImageSchema,
  scheduleBodySchema,
  scheduleResultSchema,
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
// Uploads are read whole and checked by their bytes; the limit here only stops a flood early.
const UPLOAD_READ_LIMIT = 4 * ROOM_IMAGE_MAX_BYTES;
const UPLOAD_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const roomParams = z.strictObject({ roomUuid: z.uuid({ error: 'roomUuid must be a valid id' }) });
const gameParams = z.strictObject({ gameUuid: z.uuid({ error: 'gameUuid must be a valid id' }) });

/** Scheduling for hosts (ADMIN_EMAILS); everyone else gets 403. Every change is audited (host/audit.ts). */
export const hostRoutes: FastifyPluginAsyncZod<{ host: HostService }> = async (app, { host }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireHost);
  const common = { tags: ['host'], security: [{ bearer: [] }] };
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: UPLOAD_READ_LIMIT },
    (_r, body, done) => done(null, body),
  );

  app.get(
    '/api/host/rooms',
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
    '/api/host/room-images',
    {
      bodyLimit: UPLOAD_READ_LIMIT,
      schema: {
        ...common,
        summary:
          'Upload a room image (the raw bytes: PNG, JPEG or WebP, at most 2 MB; checked by content, SVG refused)',
        consumes: UPLOAD_TYPES,
        response: { 201: roomImageSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const body: unknown = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '');
      return reply.status(201).send({ roomImage: await host.storeImage(bytes) });
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/host/rooms/:roomUuid/${action}`,
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
    '/api/host/rooms/:roomUuid/games',
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
    '/api/host/rooms/:roomUuid/schedule',
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

  app.get(
    '/api/host/games/:gameUuid',
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
    '/api/host/games/:gameUuid/duplicate',
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

  app.get(
    '/api/host/audit',
    {
      schema: {
        ...common,
        summary: 'What hosts did (newest first), filtered by room or game',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errors },
      },
    },
    async (request) => ({ entries: await host.listAudit(request.query) }),
  );

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
