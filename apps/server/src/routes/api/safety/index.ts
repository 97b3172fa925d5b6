import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteAccountBodySchema,
  marketingConsentBodySchema,
  marketingConsentSchema,
  playBreakStatusSchema,
  realityCheckSchema,
  ReminderErrorCode,
  ReminderMessage,
  safetySettingsBodySchema,
  safetySettingsSchema,
  showReminderBodySchema,
  showReminderSchema,
  takeBreakBodySchema,
} from '@ruthless/protocol';
import { InvalidError } from '../../../errors';
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
          'Download my data: one JSON file with the profile, consents, tickets, winnings, chat, breaks, reminders and sign-ins',
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
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return { message: answer.message };
    },
  );

  app.get(
    '/settings',
    {
      onRequest: guards,
      schema: {
        tags: ['safety'],
        summary: "The player's reality-check interval (minutes, null: off) and reminder of every show",
        security: [{ bearer: [] }],
        response: { 200: safetySettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => app.realityChecks.settings(request.player!.id),
  );

  app.put(
    '/settings',
    {
      onRequest: guards,
      schema: {
        tags: ['safety'],
        summary:
          'Set the reality-check interval (15 to 120 minutes, or null: off) and/or the reminder of every show',
        security: [{ bearer: [] }],
        body: safetySettingsBodySchema,
        response: { 200: safetySettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => app.realityChecks.updateSettings(request.player!.id, request.body),
  );

  app.get(
    '/reality-check',
    {
      onRequest: guards,
      schema: {
        tags: ['safety'],
        summary: "The session's reality check: time since sign-in, shows joined and winnings in that time",
        security: [{ bearer: [] }],
        response: { 200: realityCheckSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await app.realityChecks.figures(request.player!)),
  );

  app.post(
    '/reminders',
    {
      // A player on a break is not reminded of shows they cannot join.
      onRequest: [...guards, app.requireMayPlay],
      schema: {
        tags: ['safety'],
        summary: 'Remind Me by email: one mail 10 minutes before the show (or its cancellation)',
        security: [{ bearer: [] }],
        body: showReminderBodySchema,
        response: { 201: showReminderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.reminders.ask(request.player!.id, request.body.gameUuid)),
  );

  // RFC 8058's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const tokenField = z.string().max(200, { error: ReminderMessage.badUnsubscribeToken });
  app.post(
    '/unsubscribe',
    {
      // No sign-in: the signed token of the mail's link says whose reminders stop.
      schema: {
        tags: ['safety'],
        summary:
          "One-click unsubscribe from show reminders (the mail's List-Unsubscribe URL, or the unsubscribe page)",
        querystring: z.object({ token: tokenField.optional() }),
        body: z.looseObject({ token: tokenField.optional() }).optional(),
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400) },
      },
    },
    async (request) => {
      const token = request.query.token ?? request.body?.token;
      if (!token)
        throw new InvalidError(
          ReminderErrorCode.badUnsubscribeToken,
          ReminderMessage.badUnsubscribeToken,
          'token',
        );
      await app.reminders.unsubscribe(token);
      return { message: ReminderMessage.unsubscribed };
    },
  );
};

export default safetyRoutes;
