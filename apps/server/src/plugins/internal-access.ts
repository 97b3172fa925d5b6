import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@ruthless/protocol';
import type { Config } from '../config';
import { NotFoundError } from '../errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request may read the operator's pages (/metrics, /api/docs): with METRICS_TOKEN set,
 * only `Authorization: Bearer <token>` (compared in constant time: hashes of equal length);
 * without it, everyone outside production and nobody in production.
 */
export function mayReadInternals(config: Pick<Config, 'metricsToken' | 'nodeEnv'>, authorization?: string) {
  if (!config.metricsToken) return config.nodeEnv !== 'production';
  return holdsBearer(authorization, config.metricsToken);
}

/** Whether `authorization` is `Bearer <secret>`, compared in constant time (hashes of equal length). */
export function holdsBearer(authorization: string | undefined, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(secret));
}

/** An onRequest hook: the operator's pages answer 404 to whoever may not read them. */
export function internalOnly(config: Pick<Config, 'metricsToken' | 'nodeEnv'>) {
  return async (request: FastifyRequest) => {
    if (!mayReadInternals(config, request.headers.authorization)) {
      throw new NotFoundError(ErrorCode.notFound, 'Not found');
    }
  };
}
