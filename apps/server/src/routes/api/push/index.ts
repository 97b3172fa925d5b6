import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushKeySchema, pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from '@ruthless/protocol';
import { errorResponses } from '../../../schemas/errors';

/** /api/push: Web Push subscriptions (docs/player-app.md, "Notifications"). */
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
};

export default pushRoutes;
