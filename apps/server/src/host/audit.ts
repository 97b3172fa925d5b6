import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditRepository } from './audit.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const uuidOrNull = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : null);

/**
 * Whether a request is a host action the audit keeps. Decided from the route the router matched,
 * never the raw URL: `/api/%68ost/…`, `/%61pi/host/…` and an absolute-form request line reach the
 * same host routes.
 */
export function isAudited(request: FastifyRequest): boolean {
  return MUTATING.has(request.method) && (request.routeOptions.url ?? '').startsWith('/api/host/');
}

/**
 * A client's text as the audit can store it: control characters (U+0000 cannot be stored in
 * text at all) become U+FFFD, so a refused request with such a param is still audited.
 */
const printable = (text: string) => text.replace(/\p{Cc}/gu, '\uFFFD');

/** The ids a created room or game comes back with, when the route's params cannot name them. */
function createdIds(payload: unknown): { roomUuid?: unknown; gameUuid?: unknown } {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return {};
  try {
    return JSON.parse(payload) as { roomUuid?: unknown; gameUuid?: unknown };
  } catch {
    return {};
  }
}

/**
 * The one hook behind the host audit: every mutating /api/host request of a signed-in caller
 * (a host, or a player refused) is stored with its action, ids and status before the answer
 * leaves, so a route added later is audited without doing anything.
 */
export const hostAuditPlugin = fp<{ audit: AuditRepository }>(
  async (app: FastifyInstance, { audit }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isAudited(request) || !request.player) return payload;
      const params = (request.params ?? {}) as Record<string, unknown>;
      const created = reply.statusCode < 300 ? createdIds(payload) : {};
      const others = Object.entries(params)
        .filter(([key]) => key !== 'roomUuid' && key !== 'gameUuid')
        .map(([, value]) => printable(String(value)));
      try {
        await audit.insert({
          userId: request.player.id,
          userEmail: request.player.email,
          action: `${request.method} ${request.routeOptions.url}`,
          roomId: uuidOrNull(params.roomUuid) ?? uuidOrNull(created.roomUuid),
          gameId: uuidOrNull(params.gameUuid) ?? uuidOrNull(created.gameUuid),
          targetId: others.length ? others.join(',').slice(0, 200) : null,
          statusCode: reply.statusCode,
        });
      } catch (err) {
        request.log.error({ err }, 'host audit write failed');
      }
      return payload;
    });
  },
  { name: 'host-audit' },
);
