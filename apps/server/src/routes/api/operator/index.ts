import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailsFormSchema,
  OPERATOR,
  operatorRegistrationResponseSchema,
  operatorRegistrationSchema,
  profileUpdateSchema,
  userSettingsSchema,
} from '@ruthless/protocol';
import { errorResponses } from '../../../schemas/errors';

const errors = errorResponses(400, 401, 403, 409);

/** /api/operator: registration with the operator and the player's settings (docs/player-app.md, Calls). */
const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.accounts.profileService;
  app.post(
    '/auth',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['operator'],
        summary: 'Registers the signed-in player with the operator (idempotent)',
        security: [{ bearer: [] }],
        body: operatorRegistrationSchema,
        response: { 200: operatorRegistrationResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.register(request.player!, request.body);
      // Registration checks for a break kept from a deleted account too (sign-up did already).
      await app.accounts.keptBreaks.restore(request.player!.id);
      return { playerUuid: request.player!.id, operator: request.body.operator };
    },
  );

  app.get(
    '/user',
    {
      onRequest: [app.authenticate, app.requireOperator],
      schema: {
        tags: ['operator'],
        summary: "The player's settings (nulls where unset)",
        security: [{ bearer: [] }],
        response: { 200: userSettingsSchema, ...errors },
      },
    },
    (request) => service.settings(request.player!, OPERATOR),
  );

  app.patch(
    '/user',
    {
      onRequest: [app.authenticate, app.requireOperator],
      schema: {
        tags: ['operator'],
        summary: 'The profile edit modal: alias, phone number, default ruthless choice',
        security: [{ bearer: [] }],
        body: profileUpdateSchema,
        response: { 200: userSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const settings = await service.updateProfile(request.player!, OPERATOR, request.body);
      await app.live.announceName(request.player!.id);
      return settings;
    },
  );

  app.put(
    '/user/details',
    {
      onRequest: [app.authenticate, app.requireOperator],
      schema: {
        tags: ['operator'],
        summary: 'The mandatory details form',
        security: [{ bearer: [] }],
        body: detailsFormSchema,
        response: { 200: userSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const settings = await service.saveDetails(request.player!, OPERATOR, request.body);
      // The marketing checkbox is kept with its time and words (safety/marketing.service.ts).
      await app.marketing.fromDetailsForm(request.player!.id, request.body.marketingAccepted);
      await app.live.announceName(request.player!.id);
      return settings;
    },
  );
};

export default operatorRoutes;
