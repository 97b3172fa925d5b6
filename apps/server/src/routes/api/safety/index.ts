import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeletionMessage,
  deleteAccountBodySchema,
  marketingConsentBodySchema,
  marketingConsentSchema,
  playBreakStatusSchema,
  takeBreakBodySchema,
} from '@ruthless/protocol';
import { errorResponses } from '../../../schemas/errors';

const errors = errorResponses(400, 401, 403, 409);

/** /api/safety: the player's own break or self-exclusion (docs/player-app.md, "Take a break"). */
const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { safety } = app;
  const guards = [app.authenticate, app.requireOperator];

  app.get(
    '/break',
    {
      onRequest: guards,
      schema: {
        tags: ['safety'],
        summary: "The signed-in player's break or self-exclusion in force, or null",
        security: [{ bearer: [] }],
        response: { 200: playBreakStatusSchema, ...errors },
      },
    },
    (request) => safety.status(request.player!.id),
  );

  app.post(
    '/break',
    {
      onRequest: guards,
      schema: {
        tags: ['safety'],
        summary:
          'Start a break (24h, 7d, 30d) or a self-exclusion (6m, 1y, 2y, 5y); never shortens one in force',
        security: [{ bearer: [] }],
        body: takeBreakBodySchema,
        response: { 201: playBreakStatusSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await safety.takeBreak(request.player!, request.body.period)),
  );

  app.get(
    '/marketing',
    {
      onRequest: guards,
      schema: {
        tags: ['safety'],
        summary: "The player's marketing choice in force, when it was made and the words agreed to",
        security: [{ bearer: [] }],
        response: { 200: marketingConsentSchema, ...errors },
      },
    },
    (request) => app.marketing.current(request.player!.id),
  );

  app.put(
    '/marketing',
    {
      onRequest: guards,
      schema: {
        tags: ['safety'],
        summary: 'Give or withdraw marketing consent (kept with its time and words)',
        security: [{ bearer: [] }],
        body: marketingConsentBodySchema,
        response: { 200: marketingConsentSchema, ...errors },
      },
    },
    (request) => app.marketing.choose(request.player!.id, request.body.given),
  );

  app.get(
    '/my-data',
    {
      // Only the signed-in owner: the player is the token's, never a parameter.
      onRequest: app.authenticate,
      schema: {
        tags: ['safety'],
        summary:
          'Download my data: one JSON file with the profile, consents, tickets, winnings, chat, breaks and sign-ins',
        security: [{ bearer: [] }],
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const data = await app.myData.collect(request.player!.id);
      return reply
        .header('content-disposition', 'attachment; filename="ruthless-my-data.json"')
        .header('cache-control', 'no-store')
        .send({ generatedAt: new Date().toISOString(), ...data });
    },
  );

  app.post(
    '/delete-account',
    {
      // Any signed-in person, registered with the operator or not.
      onRequest: app.authenticate,
      schema: {
        tags: ['safety'],
        summary:
          'Delete my account: the password (or a Google sign-in of the last minutes) and confirm: true',
        security: [{ bearer: [] }],
        body: deleteAccountBodySchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      }
      const answer = await app.accountDeletion.deleteAccount(request.player!, request.body.password, headers);
      // The session cookie is cleared in the browser too.
      const cookies = answer.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return { message: AccountDeletionMessage.deleted };
    },
  );
};

export default safetyRoutes;
