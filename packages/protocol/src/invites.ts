import { z } from 'zod';

/**
 * Invite a friend (docs/player-app.md): the player's own invite link and how many friends signed
 * up through it. Only a count: an invite is never rewarded.
 */
export const inviteLinkResponseSchema = z.object({
  /** `${PUBLIC_URL}/invite/{code}`: the code is a secret, so the link is shared, never logged. */
  url: z.string(),
  /** New accounts made through the link (a deleted one no longer counts). */
  friendsJoined: z.number().int().nonnegative(),
});
export type InviteLinkResponse = z.infer<typeof inviteLinkResponseSchema>;

/** What the player's Share button sends with the link. */
export const INVITE_SHARE_TEXT = 'Play Ruthless with me: free live bingo game shows';
