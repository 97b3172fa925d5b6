import { z } from 'zod';

/**
 * Every error the API answers with has this body. `message` is the text a player sees
 * (docs/player-app.md's wording where it has one); `code` is stable for programs; `field` names the
 * offending input when one input is at fault.
 */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Stable error codes shared by the server and the app. */
export const ErrorCode = {
  validation: 'request/invalid',
  notFound: 'request/not-found',
  unauthorized: 'auth/unauthorized',
  forbidden: 'auth/forbidden',
  rateLimited: 'auth/too-many-requests',
  /** The request clashes with what exists (a name, a start time), e.g. two requests racing. */
  conflict: 'request/conflict',
  /** The database or Redis is out of reach for a moment (a restart): nothing was done, try again. */
  unavailable: 'server/unavailable',
  internal: 'server/internal',
  /** No database connection came free in time (a rush on one process): try again. */
  busy: 'server/busy',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
