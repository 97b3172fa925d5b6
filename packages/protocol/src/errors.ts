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

/**
 * Why a ticket claim was refused (docs/tickets.md). The engine's own refusals of a claim are its
 * rule codes (@ruthless/game RuleCode), answered as they are.
 */
export const ClaimErrorCode = {
  notFound: 'claim/not-found',
  wrongRoom: 'claim/wrong-room',
  cancelled: 'claim/cancelled',
  /** The reels have begun or the start time has come. */
  started: 'claim/started',
  needsCard: 'claim/needs-card',
  cardInGame: 'claim/card-in-game',
  soldOut: 'claim/sold-out',
  alreadyClaimed: 'claim/already-claimed',
  /** Another player's claim took the same tickets first. */
  taken: 'claim/taken',
} as const;
export type ClaimErrorCode = (typeof ClaimErrorCode)[keyof typeof ClaimErrorCode];

/** Refusals of the host console (docs/host-console.md). */
export const HostErrorCode = {
  roomNotFound: 'host/room-not-found',
  gameNotFound: 'host/game-not-found',
  roomNameTaken: 'host/room-name-taken',
  /** Two requests raced for the same room and start time. */
  gameTimeTaken: 'host/game-time-taken',
  slotTaken: 'host/slot-taken',
  startInPast: 'host/start-in-past',
  gameStarted: 'host/game-started',
  greenRoomOpen: 'host/green-room-open',
  belowDealt: 'host/below-dealt',
  scheduleTooLong: 'host/schedule-too-long',
  scheduleTooMany: 'host/schedule-too-many',
  scheduleEmpty: 'host/schedule-empty',
  imageEmpty: 'host/image-empty',
  imageTooLarge: 'host/image-too-large',
  imageType: 'host/image-type',
} as const;
export type HostErrorCode = (typeof HostErrorCode)[keyof typeof HostErrorCode];

/**
 * Refusals about a game as a whole (its results, the host's live controls). A rule the engine
 * refuses is answered with the engine's code (@ruthless/game RuleCode).
 */
export const GameErrorCode = {
  notFound: 'game/not-found',
  notEnded: 'game/not-ended',
  noBall: 'game/no-ball',
  notInReveal: 'game/not-in-reveal',
  /** The game's next event could not be stored (its runner moved on): try again. */
  notAppended: 'live/not-appended',
} as const;
export type GameErrorCode = (typeof GameErrorCode)[keyof typeof GameErrorCode];
