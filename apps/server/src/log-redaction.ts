import type { FastifyRequest } from 'fastify';

/**
 * A request as the log shows it. Addresses can carry secrets (the reset link's `?oobCode=`, the
 * unsubscribe links' `?token=`, a reset code in `/api/auth/reset-password/{code}` or in an old
 * app's `/api/auth/reset-code/{code}`, OAuth's `code` and `state`), and logs are read by more
 * people than a mailbox: the query and such a path segment are never written. The app itself
 * sends its secrets in bodies; deploy/nginx/ruthless.conf logs addresses the same way.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A path segment that is a secret: the one after /reset-password/ or /reset-code/. */
const SECRET_SEGMENT = /(\/reset-(?:password|code)\/)[^/]+/gi;

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(SECRET_SEGMENT, '$1[redacted]');
  return queryAt === -1 ? redactedPath : `${redactedPath}?[redacted]`;
}
