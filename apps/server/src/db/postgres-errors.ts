/** PostgreSQL's error behind `error`: the driver's own (pg or PGlite), or the one Drizzle wraps in `cause`. */
export function postgresError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * The pool's wait for a free connection ran out (pg-pool says so in words only): a rush, not a
 * fault of the request.
 */
export function isPoolExhausted(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error && current.message === 'timeout exceeded when trying to connect')
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// SQLSTATE class 08 (connection exception), admin/crash shutdown, starting up, too many connections.
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
// The driver's own errors for a connection that is gone or cannot be made.
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i;

/** Whether `error` says the database is out of reach (down, restarting), not that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string') {
      if (UNAVAILABLE_STATES.test(candidate.code) || UNAVAILABLE_SOCKET_CODES.has(candidate.code))
        return true;
    }
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
    // Node's AggregateError of a refused connection to every address of a host name.
    if (Array.isArray(candidate.errors) && candidate.errors.some((item) => isDatabaseUnavailable(item))) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

/** A unique_violation (of `constraint`, when named and the driver tells), however wrapped. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresError(error);
  if (found?.code !== '23505') return false;
  return constraint === undefined || found.constraint === undefined || found.constraint === constraint;
}

/** A serialization_failure: the statement was undone because what it read changed; run it again. */
export function isSerializationFailure(error: unknown): boolean {
  return postgresError(error)?.code === '40001';
}
