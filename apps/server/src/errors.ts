import { ClaimErrorCode, ErrorCode, HostErrorCode } from '@ruthless/protocol';
// The error classes alone (the module redis's own client throws them from): the whole client is
// 1.5 MB to load at every start, and loaded only with REDIS_URL (realtime/socket-server.ts).
import {
  ClientClosedError,
  ClientOfflineError,
  DisconnectsClientError,
  SocketClosedUnexpectedlyError,
} from '@redis/client/dist/lib/errors.js';
import { isDatabaseUnavailable, isPoolExhausted, postgresError } from './db/postgres-errors';

/**
 * The refusals of the business layer: a product code, the product's message
 * (docs/player-app.md) and the field at fault. Services and guards throw these and know nothing
 * of HTTP; the error handler (plugins/error-handler.ts) is the one place that turns each kind
 * into a status code, and a socket handler answers with the message.
 */
export abstract class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    // A refusal is an answer, not a fault: no stack to capture (a rush of claims meets
    // thousands of "sold out" in a few seconds).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = new.target.name;
  }
}

/** The input breaks a rule the schema cannot see (a past start, an empty upload). */
export class InvalidError extends DomainError {}
/** No valid identity: sign in (again). */
export class UnauthorizedError extends DomainError {}
/** Signed in, but not allowed to do this. */
export class ForbiddenError extends DomainError {}
/** What the request names does not exist. */
export class NotFoundError extends DomainError {}
/** Not now: the state of the show (or a name or slot already taken) refuses it. */
export class ConflictError extends DomainError {}
/** The upload is larger than allowed. */
export class TooLargeError extends DomainError {}
/** The upload is not a kind of file we take. */
export class UnsupportedTypeError extends DomainError {}
/** Too many requests in the window of a rate limit; answered with `Retry-After` when it is known. */
export class TooManyRequestsError extends DomainError {
  constructor(
    code: string,
    message: string,
    /** Seconds until the window ends. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code, message);
  }
}

/** The answer while the database or Redis is out of reach (a restart): nothing was done. */
export const UNAVAILABLE_MESSAGE = 'Ruthless is briefly unavailable. Please try again in a moment.';

/** The database or Redis is out of reach (a restart): try again in a moment (docs/testing.md, Faults). */
export class UnavailableError extends DomainError {
  constructor() {
    super(ErrorCode.unavailable, UNAVAILABLE_MESSAGE);
  }
}
/** No free database connection in time: a process taking a rush alone (docs/cluster.md). */
export class BusyError extends DomainError {
  constructor() {
    super(ErrorCode.busy, 'The server is busy. Please try again.');
  }
}

/**
 * Redis's client refusing a command because its connection is closed or down: a process shutting
 * down in a rolling restart (a request already in flight when the client closed), or Redis
 * restarting. The phone tries again, on the other process.
 */
const isRedisUnavailable = (error: unknown) =>
  error instanceof ClientClosedError ||
  error instanceof ClientOfflineError ||
  error instanceof DisconnectsClientError ||
  error instanceof SocketClosedUnexpectedlyError;

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
  if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) return new UnavailableError();
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
