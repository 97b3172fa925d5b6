import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { OPERATOR } from '@ruthless/protocol';
import type { Db } from '../db/database';
import { inviteCodes, invites, playerProfiles } from '../db/schema';

/** An invite code: 128 random bits in base64url (22 characters). */
export const INVITE_CODE = /^[A-Za-z0-9_-]{22}$/;

export const newInviteCode = () => randomBytes(16).toString('base64url');

/** The SQL of invites: the players' codes and who signed up through whose. */
export class InvitesRepository {
  constructor(private readonly db: Db) {}

  /** The player's code, made on the first ask; two first asks at once get the same one. */
  async codeOf(userId: string): Promise<string> {
    const [made] = await this.db
      .insert(inviteCodes)
      .values({ userId, code: newInviteCode() })
      .onConflictDoNothing({ target: inviteCodes.userId })
      .returning({ code: inviteCodes.code });
    if (made) return made.code;
    const [kept] = await this.db
      .select({ code: inviteCodes.code })
      .from(inviteCodes)
      .where(eq(inviteCodes.userId, userId));
    return kept!.code;
  }

  /** Whose code it is, with their chat name (null before they chose one); undefined for none. */
  async inviter(code: string): Promise<{ userId: string; chatName: string | null } | undefined> {
    const [row] = await this.db
      .select({ userId: inviteCodes.userId, chatName: playerProfiles.alias })
      .from(inviteCodes)
      .leftJoin(
        playerProfiles,
        and(eq(playerProfiles.userId, inviteCodes.userId), eq(playerProfiles.operator, OPERATOR)),
      )
      .where(eq(inviteCodes.code, code));
    return row;
  }

  /** Records that `inviteeId` signed up through `inviterId`'s link; only the first time counts. */
  async record(inviterId: string, inviteeId: string): Promise<boolean> {
    const rows = await this.db
      .insert(invites)
      .values({ inviterId, inviteeId })
      .onConflictDoNothing({ target: invites.inviteeId })
      .returning({ inviteeId: invites.inviteeId });
    return rows.length > 0;
  }

  /** How many accounts signed up through the player's link. */
  async friendsJoined(inviterId: string): Promise<number> {
    const [row] = await this.db
      .select({ joined: count() })
      .from(invites)
      .where(eq(invites.inviterId, inviterId));
    return row?.joined ?? 0;
  }
}
