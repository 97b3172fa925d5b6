import { isAPIError } from 'better-auth/api';
import {
  AccountDeletionErrorCode,
  AccountDeletionMessage,
  AuthErrorCode,
  catalogueMessage,
  DELETE_ACCOUNT_FRESH_SIGN_IN_MINUTES,
  type PlayBreakStatus,
} from '@ruthless/protocol';
import type { Auth } from '../auth/auth';
import type { Player } from '../auth/identity';
import { counterKey, type RateLimitStore } from '../auth/rate-limit';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../errors';
import type { AccountDeletionRepository } from './account-deletion.repository';

/** Wrong passwords a signed-in player may try here per window (as sign-in's per-account limit). */
const ATTEMPTS = { window: 15 * 60, max: 5 };

/**
 * "Delete my account": the session of the request must be the token's player, who proves it
 * again with their password (or, without one, a Google sign-in of the last few minutes). Better
 * Auth deletes the user; its hooks (auth/auth.ts) anonymise their past shows first and cut off
 * their tokens and sockets after.
 */
export class AccountDeletionService {
  constructor(
    private readonly auth: Auth,
    private readonly repository: AccountDeletionRepository,
    private readonly store: RateLimitStore,
    /** The break in force, which outlives the account (safety/kept-breaks.ts). */
    private readonly breakOf: (playerId: string) => Promise<PlayBreakStatus>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Deletes the account; returns the headers that clear the session cookie and the answer's
   * words (what stays when a break is in force).
   */
  async deleteAccount(
    player: Player,
    password: string | undefined,
    headers: Headers,
  ): Promise<{ headers: Headers; message: string }> {
    const session = await this.auth.api.getSession({ headers }).catch(() => null);
    if (!session || session.user.id !== player.id) {
      throw new UnauthorizedError(
        AccountDeletionErrorCode.notThisSession,
        AccountDeletionMessage.notThisSession,
      );
    }
    const hasPassword = await this.repository.hasPassword(player.id);
    if (hasPassword && !password) {
      throw new InvalidError(
        AccountDeletionErrorCode.passwordRequired,
        AccountDeletionMessage.passwordRequired,
        'password',
      );
    }
    if (!hasPassword) {
      const age = this.now() - new Date(session.session.createdAt).getTime();
      if (age > DELETE_ACCOUNT_FRESH_SIGN_IN_MINUTES * 60_000) {
        throw new ForbiddenError(AccountDeletionErrorCode.signInAgain, AccountDeletionMessage.signInAgain);
      }
    }
    if (await this.repository.holdsTicketOfShowNotOver(player.id)) {
      throw new ConflictError(AccountDeletionErrorCode.liveTicket, AccountDeletionMessage.liveTicket);
    }
    if (hasPassword) {
      const { count, retryAfter } = await this.store.hit(
        counterKey('account', 'delete', player.id),
        ATTEMPTS.window,
      );
      if (count > ATTEMPTS.max) {
        throw new TooManyRequestsError(
          AuthErrorCode.tooManyRequests,
          catalogueMessage(AuthErrorCode.tooManyRequests),
          retryAfter,
        );
      }
    }
    const { current } = await this.breakOf(player.id);
    try {
      const result = await this.auth.api.deleteUser({
        body: hasPassword ? { password } : {},
        headers,
        returnHeaders: true,
      });
      return {
        headers: result.headers,
        message: current
          ? AccountDeletionMessage.deletedDuringBreak(current.kind, current.endsAt)
          : AccountDeletionMessage.deleted,
      };
    } catch (error) {
      if (isAPIError(error) && error.body?.code === 'INVALID_PASSWORD') {
        throw new InvalidError(
          AuthErrorCode.wrongPassword,
          catalogueMessage(AuthErrorCode.wrongPassword),
          'password',
        );
      }
      if (isAPIError(error) && error.body?.code === 'SESSION_EXPIRED') {
        throw new ForbiddenError(AccountDeletionErrorCode.signInAgain, AccountDeletionMessage.signInAgain);
      }
      throw error;
    }
  }
}
