import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ClaimErrorCode, ErrorCode, HostErrorCode, type ErrorResponse } from '@ruthless/protocol';
import { isDatabaseUnavailable, isPoolExhausted, postgresError } from '../db/postgres-errors';
import {
  BusyError,
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  TooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
  UnavailableError,
  UnsupportedTypeError,
} from '../errors';
import { hasDotSegment, requestPath } from '../request-path';

/** The answer to a path with `.` or `..` segments: clients send paths already resolved. */
export const DOT_SEGMENT_MESSAGE = "path: must not contain '.' or '..' segments";

/** The one mapping from the business layer's refusals (src/errors.ts) to HTTP statuses. */
const STATUS_OF_REFUSAL = new Map<abstract new (...args: never[]) => DomainError, number>([
  [InvalidError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooLargeError, 413],
  [UnsupportedTypeError, 415],
  [TooManyRequestsError, 429],
  [BusyError, 503],
  [UnavailableError, 503],
]);

/** The HTTP status of a refusal. */
export function statusOf(error: DomainError): number {
  const status = STATUS_OF_REFUSAL.get(error.constructor as abstract new (...args: never[]) => DomainError);
  if (status === undefined) throw new Error(`no HTTP status for ${error.name}`);
  return status;
}

/** Seconds a client should wait before trying again after a 503. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** What a unique constraint means to the player, by its name. */
const CONFLICTS: Record<string, [code: string, message: string, field?: string]> = {
  rooms_operator_name_key: [HostErrorCode.roomNameTaken, 'A room with this name already exists.', 'name'],
  games_room_start_key: [
    HostErrorCode.gameTimeTaken,
    'This room already has a game at that time.',
    'gameStartTime',
  ],
  player_profiles_operator_alias_key: [
    ErrorCode.validation,
    'That chat name is already taken. Please choose another.',
    'alias',
  ],
  tickets_game_player_key: [ClaimErrorCode.alreadyClaimed, 'You already have tickets for this game.'],
  tickets_game_index_key: [ClaimErrorCode.taken, 'Those tickets were just taken. Please try again.'],
};

/**
 * What a database refusal means to the client, else undefined: a unique violation is a 409 (two
 * requests racing for the same name, start or ticket: services check first, this answers the
 * race they cannot see); a row of a player that no longer exists is a 401 (a deleted account's
 * token that has not expired yet, without a lookup on every request); a database out of reach is
 * a 503 that says to try again (docs/testing.md, Faults).
 */
export function refusalFrom(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  // Seen when a process takes a rush alone (its peer died mid-claims: docs/cluster.md).
  if (isPoolExhausted(error)) return new BusyError();
  if (isDatabaseUnavailable(error)) return new UnavailableError();
  const pg = postgresError(error);
  if (pg?.code === '23505') {
    const [code, message, field] = (pg.constraint && CONFLICTS[pg.constraint]) || [
      ErrorCode.conflict,
      'This already exists.',
    ];
    return new ConflictError(code, message, field);
  }
  if (pg?.code === '23503') {
    if (pg.constraint?.endsWith('_users_id_fk')) {
      return new UnauthorizedError(ErrorCode.unauthorized, 'authorization: the identity token is not valid.');
    }
    return new ConflictError(ErrorCode.conflict, 'This refers to something that no longer exists.');
  }
  return undefined;
}

/**
 * The path of the first string holding U+0000 (no text column can store it), else undefined.
 * Binary bodies are skipped: they are stored as bytes (or refused by their own checks), never as text.
 */
export function nulCharacterPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
  // Bytes (an uploaded image) are not text: walking them entry by entry would hold the process.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return undefined;
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterPath(item, [...path, key], depth + 1) ?? nulCharacterPath(key, path, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses text with U+0000 anywhere in a request (body, query, params) with a 400, before any
 * route's schema: PostgreSQL cannot store it in text, and no field of ours needs it.
 */
function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = nulCharacterPath(value);
      if (field !== undefined) {
        throw new InvalidError(
          ErrorCode.validation,
          `${field === 'body' ? part : field}: contains a character that is not allowed (U+0000)`,
          field === 'body' ? undefined : field,
        );
      }
    }
  });
}

/** Refuses every path with a dot segment (request-path.ts) with a 400, before any route runs. */
function registerPathGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hasDotSegment(requestPath(request.url))) {
      throw new InvalidError(ErrorCode.validation, DOT_SEGMENT_MESSAGE);
    }
  });
}

/**
 * One error handler for the whole API: logs everything, answers 4xx with their message and
 * the field at fault, and hides the text of 5xx errors.
 */
function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
    let body: ErrorResponse;
    const error = refusalFrom(thrown) ?? thrown;
    if (error instanceof DomainError) {
      body = { statusCode: statusOf(error), code: error.code, message: error.message, field: error.field };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const message = issue.message ?? 'Invalid input';
      // The product's own messages (docs/player-app.md) read well alone; zod's generic ones need the field.
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
    if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (body.statusCode === 503) {
      request.log.warn({ err: thrown }, 'request refused: a dependency is unavailable');
      void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    void reply.status(body.statusCode).send(body);
  });
}

/**
 * The error handler, the path guard and the text guard, on the root before any other plugin so that every route
 * (the docs' and the metrics' included) refuses the same way.
 */
export default fp(
  async (app) => {
    registerErrorHandler(app);
    registerPathGuard(app);
    registerTextGuard(app);
  },
  { name: 'error-handler' },
);
