import { z } from 'zod';

const uuidField = (name: string) => z.uuid({ error: `${name} must be a valid id` });

/** `POST /api/claim-ticket`: games whose lucky-fate card is picked in the game. */
export const claimTicketBodySchema = z.strictObject({
  gameUuid: uuidField('gameUuid'),
  roomUuid: uuidField('roomUuid'),
});
export type ClaimTicketBody = z.infer<typeof claimTicketBodySchema>;

/** `POST /api/purchase`: games whose lucky-fate card is picked before the game (0, 1 or 2). */
export const purchaseBodySchema = claimTicketBodySchema.extend({
  luckyFateCard: z
    .number({ error: 'Pick one of the three lucky-fate cards' })
    .int({ error: 'Pick one of the three lucky-fate cards' })
    .min(0, { error: 'Pick one of the three lucky-fate cards' })
    .max(2, { error: 'Pick one of the three lucky-fate cards' }),
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

/** A 90-ball ticket: 3 rows of 9 cells, a number or null for a blank. */
export const ticketGridSchema = z
  .array(z.array(z.number().int().min(1).max(90).nullable()).length(9))
  .length(3);

/** One of the player's tickets (docs/player-app.md (State kept by the app) "Active tickets"). */
export const activeTicketSchema = z.object({
  gameUuid: z.uuid(),
  roomUuid: z.uuid(),
  ticketIndex: z.number().int().nonnegative(),
  ticket: ticketGridSchema,
  /** The card position picked (0..2), or null until picked in an in-game game. */
  luckyFatePick: z.number().int().min(0).max(2).nullable(),
  /** The multiplier behind the picked card, once the reveal has shown it. */
  luckyFateMultiplier: z.number().int().min(1).max(3).nullable(),
  claimedAt: z.iso.datetime(),
});
export type ActiveTicket = z.infer<typeof activeTicketSchema>;

export const claimResponseSchema = z.object({
  /** False when the player already held this ticket: claiming again never deals a second one. */
  created: z.boolean(),
  ticket: activeTicketSchema,
});
export type ClaimResponse = z.infer<typeof claimResponseSchema>;

export const purchasesQuerySchema = z.strictObject({
  unFinishedGames: z.enum(['true', 'false'], { error: 'unFinishedGames must be true or false' }).optional(),
});
export const purchasesResponseSchema = z.array(activeTicketSchema);

/** Messages of a refused claim (shown to the player as the server's message). */
export const ClaimMessage = {
  notFound: 'This game does not exist.',
  wrongRoom: 'This game is not in that room.',
  cancelled: 'This game has been cancelled.',
  started: 'This game has already started.',
  soldOut: 'Sorry, this game is sold out.',
  needsCard: 'Pick a lucky-fate card on the purchase page to claim this ticket.',
  cardInGame: 'The lucky-fate card for this game is picked in the game: claim the ticket without one.',
} as const;

/** `GET /api/my-shows`: one game the player held a ticket for and that has ended. */
export const myShowSchema = z.object({
  gameUuid: z.uuid(),
  roomUuid: z.uuid(),
  roomName: z.string(),
  startTime: z.iso.datetime(),
  ticketIndex: z.number().int().nonnegative(),
  ticket: ticketGridSchema,
  /** The multiplier behind the player's lucky-fate card, null when none was picked. */
  luckyFateMultiplier: z.number().int().min(1).max(3).nullable(),
  /** What the player won in the game, in pence (0 when nothing). */
  winningsPence: z.number().int().nonnegative(),
});
export type MyShow = z.infer<typeof myShowSchema>;
/** Newest first, at most MY_SHOWS_LIMIT. */
export const myShowsResponseSchema = z.array(myShowSchema);
export const MY_SHOWS_LIMIT = 50;
