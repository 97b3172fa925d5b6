import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailsFormSchema,
  errorResponseSchema,
  OPERATOR,
  operatorRegistrationResponseSchema,
  operatorRegistrationSchema,
  profileUpdateSchema,
  userSettingsSchema,
} from '@ruthless/protocol';
import type { OperatorService } from './operator.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

/** /api/operator: registration with the operator and the player's settings (docs/player-app.md, Calls). */
export const operatorRoutes: FastifyPluginAsyncZod<{ service: OperatorService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/operator/auth',
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
      return { playerUuid: request.player!.id, operator: request.body.operator };
    },
  );

  app.get(
    '/api/operator/user',
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
    '/api/operator/user',
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
    (request) => service.updateProfile(request.player!, OPERATOR, request.body),
  );

  app.put(
    '/api/operator/user/details',
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
    (request) => service.saveDetails(request.player!, OPERATOR, request.body),
  );
};
