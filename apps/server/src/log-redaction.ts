import type { FastifyRequest } from 'fastify';

/**
 * A request as the log shows it. Addresses can carry secrets (the reset link's `?oobCode=`, the
 * unsubscribe links' `?token=`, a reset code in `/api/auth/reset-password/{code}` or in an old
 * app's `/api/auth/reset-code/{code}`, an invite code in `/invite/{code}` and its card's
 * `/invite/{code}/card.png`, OAuth's `code` and `state`), and logs are read by more
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

/** Where a secret starts in a path: right after /reset-password/, /reset-code/ or /invite/. */
const SECRET_AFTER = /\/(?:reset-(?:password|code)|invite)\//i;

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return queryAt === -1 ? redactPath(path) : `${redactPath(path)}?[redacted]`;
}

/**
 * The path with everything after a secret's segment replaced, the segment's name found encoded
 * too (`/reset%2Dcode/`), as the router decodes it; the rest goes, as a code may hold a slash.
 */
function redactPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: looked at as sent.
  }
  const secret = SECRET_AFTER.exec(decoded);
  return secret ? `${decoded.slice(0, secret.index + secret[0].length)}[redacted]` : path;
}
