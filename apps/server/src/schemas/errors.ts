import { errorResponseSchema } from '@ruthless/protocol';

type ErrorResponses<Status extends number> = { [status in Status]: typeof errorResponseSchema };

/**
 * The error answers a route documents, all in the one shape the error handler sends
 * (plugins/error-handler.ts): `response: { 200: ..., ...errorResponses(400, 404) }`.
 */
export function errorResponses<Status extends number>(...statuses: Status[]): ErrorResponses<Status> {
  return Object.fromEntries(
    statuses.map((status) => [status, errorResponseSchema]),
  ) as ErrorResponses<Status>;
}

/** What a signed-in player's call may be refused with. */
export const PLAYER_ERRORS = errorResponses(400, 401, 403, 404, 409);
