import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  hostChatResponseSchema,
  sendChatBodySchema,
  sendChatResponseSchema,
} from '@ruthless/protocol';
import type { ChatService } from '../../chat/chat.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** `POST /api/chat`: a ticket holder's message during the show (docs/chat.md). */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.post(
    '/api/chat',
    {
      onRequest: [app.authenticate, app.requireOperator],
      schema: {
        tags: ['chat'],
        summary: "Send a chat message to a live game (the name shown is the profile's alias)",
        security: [{ bearer: [] }],
        body: sendChatBodySchema,
        response: { 201: sendChatResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ message: await chat.send(request.player!, request.body) }),
  );
};

const gameParams = z.strictObject({ gameUuid: z.uuid({ error: 'gameUuid must be a valid id' }) });
const messageParams = gameParams.extend({
  messageUuid: z.uuid({ error: 'messageUuid must be a valid id' }),
});
const muteParams = gameParams.extend({ playerUuid: z.uuid({ error: 'playerUuid must be a valid id' }) });
const playerParams = z.strictObject({ playerUuid: z.uuid({ error: 'playerUuid must be a valid id' }) });

/** Chat moderation for hosts (ADMIN_EMAILS); everyone else gets 403. */
export const hostChatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireHost);
  const common = { tags: ['host'], security: [{ bearer: [] }] };

  app.get(
    '/api/host/games/:gameUuid/chat',
    {
      schema: {
        ...common,
        summary: "A game's latest 200 chat messages and its muted players",
        params: gameParams,
        response: { 200: hostChatResponseSchema, ...errors },
      },
    },
    (request) => chat.hostView(request.params.gameUuid),
  );

  app.delete(
    '/api/host/games/:gameUuid/chat/:messageUuid',
    {
      schema: {
        ...common,
        summary: 'Delete a chat message: it disappears from every screen',
        params: messageParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.deleteMessage(request.player!, request.params.gameUuid, request.params.messageUuid);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/host/games/:gameUuid/mutes/:playerUuid',
    {
      schema: {
        ...common,
        summary: "Mute a player in this game's chat",
        params: muteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.mute(request.player!, request.params.gameUuid, request.params.playerUuid);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/host/games/:gameUuid/mutes/:playerUuid',
    {
      schema: {
        ...common,
        summary: "Unmute a player in this game's chat",
        params: muteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.unmute(request.params.gameUuid, request.params.playerUuid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/host/players/:playerUuid/reset-alias',
    {
      schema: {
        ...common,
        summary: "Clear a player's alias: they must choose a new one at their next start",
        params: playerParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.resetAlias(request.params.playerUuid);
      return reply.status(204).send(null);
    },
  );
};
