import { ErrorCode } from '@ruthless/protocol';

/**
 * The refusals of the business layer: a product code, the product's message
 * (docs/player-app.md) and the field at fault. Services and guards throw these and know nothing
 * of HTTP; the error handler (plugins/error-handler.ts) is the one place that turns each kind
 * into a status code.
 */
export abstract class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
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
