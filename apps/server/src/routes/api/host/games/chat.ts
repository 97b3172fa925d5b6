import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hostChatResponseSchema } from '@ruthless/protocol';
import { errorResponses } from '../../../../schemas/errors';
import { gameParams } from '../../../../schemas/params';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const messageParams = gameParams.extend({
  messageUuid: z.uuid({ error: 'messageUuid must be a valid id' }),
});
const muteParams = gameParams.extend({ playerUuid: z.uuid({ error: 'playerUuid must be a valid id' }) });

/** Chat moderation for hosts (docs/chat.md): a game's chat, deletions and mutes. */
const hostChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat } = app;
  const common = { tags: ['host'], security: [{ bearer: [] }] };

  app.get(
    '/:gameUuid/chat',
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
    '/:gameUuid/chat/:messageUuid',
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
    '/:gameUuid/mutes/:playerUuid',
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

  app.post(
    '/:gameUuid/players/:playerUuid/reset-alias',
    {
      schema: {
        ...common,
        summary:
          "Clear a player's alias from this game's chat: they must choose a new one (filed in the game's audit)",
        params: muteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await chat.resetAliasFromGame(request.params.gameUuid, request.params.playerUuid);
      // Every open game of theirs shows 'Player' at once, and their own screen asks for a new name.
      await app.live.announceName(request.params.playerUuid);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/:gameUuid/mutes/:playerUuid',
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
};

export default hostChatRoutes;
