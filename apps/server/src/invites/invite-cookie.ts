import { INVITE_CODE } from './invites.repository';

/**
 * The invite a visitor arrived through, kept from the invite's page to the sign-up: a cookie sent
 * only to /api/auth, so email sign-up and Google's callback (a top-level redirect back to us)
 * both carry it, and the app has nothing to remember.
 */
export const INVITE_COOKIE = 'ruthless_invite';
/** A day: long enough to sign up after a look around, short enough to be forgotten soon. */
export const INVITE_COOKIE_SECONDS = 24 * 60 * 60;
const COOKIE_PATH = '/api/auth';

export function inviteCookie(code: string, secure: boolean): string {
  return `${INVITE_COOKIE}=${code}; Path=${COOKIE_PATH}; Max-Age=${INVITE_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Forgets the invite (once an account signed up or in with it). */
export function clearedInviteCookie(secure: boolean): string {
  return `${INVITE_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The well-formed invite code of a Cookie header, or undefined. */
export function inviteCodeFromCookies(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === INVITE_COOKIE) {
      const value = part.slice(at + 1).trim();
      return INVITE_CODE.test(value) ? value : undefined;
    }
  }
  return undefined;
}
