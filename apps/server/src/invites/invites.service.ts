import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { drawCardPng, type CardFonts } from '../share/card-fonts';
import { inviteCardSvg, NO_CHAT_NAME } from './invite-card';
import type { InvitePreview } from './invite-page';
import { INVITE_CODE, type InvitesRepository } from './invites.repository';

/** Bumped when the card's drawing changes, so previews fetch the new one. */
const CARD_DESIGN = 1;

interface Inviter {
  userId: string;
  chatName: string | null;
  /** The card's version: the chat name's (and the design's). */
  version: string;
}

/**
 * Invite a friend (docs/player-app.md): each player's link, the public page and card it leads to,
 * and who signed up through it. Counted on the inviter's profile, never rewarded.
 */
export class Invites {
  /** Cards by inviter and chat-name version (about 100 KB each): a name's card is drawn once. */
  private readonly pngs = new LRUCache<string, Promise<Buffer>>({ max: 200 });
  /** How many cards this process drew (the tests read it). */
  rendered = 0;

  constructor(
    private readonly repository: InvitesRepository,
    private readonly fonts: CardFonts,
    private readonly options: { publicUrl: string },
    private readonly log: { info(object: object, message: string): void },
  ) {}

  /** The player's link and how many friends joined through it. */
  async link(userId: string): Promise<{ url: string; friendsJoined: number }> {
    const code = await this.repository.codeOf(userId);
    return {
      url: `${this.options.publicUrl}/invite/${code}`,
      friendsJoined: await this.repository.friendsJoined(userId),
    };
  }

  /** What the invite's page says, or 'not-found' (no such code, or its inviter deleted). */
  async preview(code: string): Promise<InvitePreview | 'not-found'> {
    const inviter = await this.inviter(code);
    if (inviter === 'not-found') return inviter;
    const name = inviter.chatName ?? NO_CHAT_NAME;
    const { publicUrl } = this.options;
    return {
      title: `${name} invites you to Ruthless`,
      description: `Play Ruthless with ${inviter.chatName ?? 'a friend'}: free live bingo game shows on your phone. No money needed to play.`,
      pageUrl: `${publicUrl}/invite/${code}`,
      imageUrl: `${publicUrl}/invite/${code}/card.png?v=${inviter.version}`,
      imageAlt: `${name} invites you to play Ruthless, free live bingo game shows`,
      imagePath: `/invite/${code}/card.png?v=${inviter.version}`,
      signUpPath: '/login?form_type=sign-up',
    };
  }

  /** The invite's card as a PNG with its version, drawn once per inviter and chat name. */
  async png(code: string): Promise<{ png: Buffer; version: string } | 'not-found'> {
    const inviter = await this.inviter(code);
    if (inviter === 'not-found') return inviter;
    const key = `${inviter.userId}:${inviter.version}`;
    let png = this.pngs.get(key);
    if (!png) {
      png = drawCardPng(inviteCardSvg(inviter.chatName), this.fonts).then((drawn) => {
        this.rendered += 1;
        return drawn;
      });
      this.pngs.set(key, png);
      // A failed drawing is not kept: the next ask tries again.
      png.catch(() => this.pngs.delete(key));
    }
    return { png: await png, version: inviter.version };
  }

  /**
   * A new account signed up with the invite cookie's code: counted for the code's owner, once per
   * account. A malformed or unknown code, or one's own, is ignored: the sign-up goes on.
   */
  async signedUp(inviteeId: string, code: string | undefined): Promise<void> {
    if (!code) return;
    const inviter = await this.inviter(code);
    if (inviter === 'not-found' || inviter.userId === inviteeId) return;
    if (await this.repository.record(inviter.userId, inviteeId)) {
      this.log.info(
        { event: 'invite.joined', playerId: inviteeId, inviterId: inviter.userId },
        'signed up through an invite',
      );
    }
  }

  /** Read on every ask (one indexed query): a deleted inviter's code stops at once. */
  private async inviter(code: string): Promise<Inviter | 'not-found'> {
    if (!INVITE_CODE.test(code)) return 'not-found';
    const row = await this.repository.inviter(code);
    if (!row) return 'not-found';
    const version = createHash('sha256')
      .update(JSON.stringify({ design: CARD_DESIGN, chatName: row.chatName }))
      .digest('hex')
      .slice(0, 16);
    return { ...row, version };
  }
}
