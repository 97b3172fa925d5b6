import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushKeySchema,
  pushPreferencesSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  roomFollowParamsSchema,
  roomFollowsSchema,
} from '@ruthless/protocol';
import { errorResponses } from '../../../schemas/errors';

/**
 * /api/push: Web Push subscriptions, the rooms followed and the kinds wanted (docs/player-app.md,
 * "Notifications"). The player is always the token's.
 */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const guards = [app.authenticate, app.requireOperator];

  app.get(
    '/key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, the applicationServerKey a browser subscribes with",
        response: { 200: pushKeySchema },
      },
    },
    async () => ({ publicKey: await app.push.publicKey() }),
  );

  app.post(
    '/subscriptions',
    {
      onRequest: guards,
      schema: {
        tags: ['push'],
        summary: "This browser's push subscription (PushSubscription.toJSON()) and its time zone",
        security: [{ bearer: [] }],
        body: pushSubscriptionBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await app.push.subscribe(request.player!.id, request.body);
      return reply.status(204).send(null);
    },
  );

  // A POST with a body, not a DELETE with the endpoint in its address: addresses reach logs.
  app.post(
    '/unsubscribe',
    {
      onRequest: guards,
      schema: {
        tags: ['push'],
        summary: "This browser's push subscription, ended: no more notifications to it",
        security: [{ bearer: [] }],
        body: pushUnsubscribeBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await app.push.unsubscribe(request.player!.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/follows',
    {
      onRequest: guards,
      schema: {
        tags: ['push'],
        summary: 'The rooms the player follows (a push when each of their shows opens its green room)',
        security: [{ bearer: [] }],
        response: { 200: roomFollowsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ roomUuids: await app.push.follows(request.player!.id) }),
  );

  app.put(
    '/follows/:roomUuid',
    {
      onRequest: guards,
      schema: {
        tags: ['push'],
        summary: 'Follows a room: notify me about every show in it (again: no change)',
        security: [{ bearer: [] }],
        params: roomFollowParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.push.follow(request.player!.id, request.params.roomUuid);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/follows/:roomUuid',
    {
      onRequest: guards,
      schema: {
        tags: ['push'],
        summary: 'Stops following a room',
        security: [{ bearer: [] }],
        params: roomFollowParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.push.unfollow(request.player!.id, request.params.roomUuid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/preferences',
    {
      onRequest: guards,
      schema: {
        tags: ['push'],
        summary: 'The kinds of notification the player wants (all until they say otherwise)',
        security: [{ bearer: [] }],
        response: { 200: pushPreferencesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => app.push.preferences(request.player!.id),
  );

  app.put(
    '/preferences',
    {
      onRequest: guards,
      schema: {
        tags: ['push'],
        summary: 'Sets the kinds of notification the player wants, on every phone of theirs',
        security: [{ bearer: [] }],
        body: pushPreferencesSchema,
        response: { 200: pushPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.push.setPreferences(request.player!.id, request.body),
  );
};

export default pushRoutes;
