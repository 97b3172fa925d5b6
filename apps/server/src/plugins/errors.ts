import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorResponse } from '@ruthless/protocol';
import { postgresError } from '../db/postgres-errors';

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

/** What a unique constraint means to the player, by its name. */
const CONFLICTS: Record<string, [code: string, message: string, field?: string]> = {
  rooms_operator_name_key: ['host/room-name-taken', 'A room with this name already exists.', 'name'],
  games_room_start_key: [
    'host/game-time-taken',
    'This room already has a game at that time.',
    'gameStartTime',
  ],
  player_profiles_operator_alias_key: [
    ErrorCode.validation,
    'That chat name is already taken. Please choose another.',
    'alias',
  ],
  tickets_game_player_key: ['claim/already-claimed', 'You already have tickets for this game.'],
  tickets_game_index_key: ['claim/taken', 'Those tickets were just taken. Please try again.'],
};

/**
 * What a database refusal means to the client, else undefined: a unique violation is a 409 (two
 * requests racing for the same name, start or ticket: services check first, this answers the
 * race they cannot see); a row of a player that no longer exists is a 401 (a deleted account's
 * token that has not expired yet, without a lookup on every request).
 */
export function refusalFrom(error: unknown): HttpError | undefined {
  const pg = postgresError(error);
  if (pg?.code === '23505') {
    const [code, message, field] = (pg.constraint && CONFLICTS[pg.constraint]) || [
      ErrorCode.conflict,
      'This already exists.',
    ];
    return new HttpError(409, code, message, field);
  }
  if (pg?.code === '23503') {
    if (pg.constraint?.endsWith('_users_id_fk')) {
      return new HttpError(401, ErrorCode.unauthorized, 'authorization: the identity token is not valid.');
    }
    return new HttpError(409, ErrorCode.conflict, 'This refers to something that no longer exists.');
  }
  return undefined;
}

/** The path of the first string holding U+0000 (no text column can store it), else undefined. */
export function nulCharacterPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
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
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = nulCharacterPath(value);
      if (field !== undefined) {
        throw new HttpError(
          400,
          ErrorCode.validation,
          `${field === 'body' ? part : field}: contains a character that is not allowed (U+0000)`,
          field === 'body' ? undefined : field,
        );
      }
    }
  });
}

/**
 * One error handler for the whole API: logs everything, answers 4xx with their message and
 * the field at fault, and hides the text of 5xx errors.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    let body: ErrorResponse;
    const error = refusalFrom(thrown) ?? thrown;
    if (error instanceof HttpError) {
      body = { statusCode: error.statusCode, code: error.code, message: error.message, field: error.field };
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
    void reply.status(body.statusCode).send(body);
  });
}
