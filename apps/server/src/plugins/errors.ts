import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorResponse } from '@ruthless/protocol';

/** An error a service raises on purpose: its status, code and message reach the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * One error handler for the whole API: logs everything, answers 4xx with their message and
 * the field at fault, and hides the text of 5xx errors.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let body: ErrorResponse;
    if (error instanceof HttpError) {
      body = { statusCode: error.statusCode, code: error.code, message: error.message, field: error.field };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const message = issue.message ?? 'Invalid input';
      // The product's own messages (SPEC.md) read well alone; zod's generic ones need the field.
      const generic = /^(Invalid|Too (big|small)|Unrecognized key)/.test(message);
      body = {
        statusCode: 400,
        code: ErrorCode.validation,
        message: generic && field ? `${field}: ${message}` : message,
        field,
      };
    } else if (error.statusCode && error.statusCode < 500) {
      body = {
        statusCode: error.statusCode,
        code: error.code ?? ErrorCode.validation,
        message: error.message,
      };
    } else {
      request.log.error({ err: error }, 'request failed');
      body = {
        statusCode: 500,
        code: ErrorCode.internal,
        message: 'Something went wrong. Please try again.',
      };
    }
    if (body.statusCode < 500)
      request.log.info({ err: error, statusCode: body.statusCode }, 'request refused');
    void reply.status(body.statusCode).send(body);
  });
}
