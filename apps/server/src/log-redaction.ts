import type { FastifyRequest } from 'fastify';

/**
 * A request as the log shows it. Addresses can carry secrets (the reset link's `?oobCode=`, a
 * reset code in `/api/auth/reset-password/{code}`, OAuth's `code` and `state`), and logs are read
 * by more people than a mailbox: the query and such a path segment are never written.
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

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(/(\/reset-password\/)[^/]+/i, '$1[redacted]');
  return queryAt === -1 ? redactedPath : `${redactedPath}?[redacted]`;
}
