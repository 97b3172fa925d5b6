import { authClient, unwrapAuthResult } from '@/lib/auth-client';

/** Where the provider sends the popup back: the login page, which reports to the app's tab. */
export const GOOGLE_POPUP_PARAM = 'google-popup';
/** Where it sends the whole page back when no popup could open: the login page finishes there. */
export const GOOGLE_RETURN_PARAM = 'google-return';
export const GOOGLE_DONE = 'done';
export const GOOGLE_FAILED = 'failed';

/**
 * `POST /api/auth/sign-in/social` with `disableRedirect`: the provider's authorization URL,
 * for the popup to open.
 */
export async function getGoogleSignInUrl({ popup }: { popup: boolean }): Promise<string> {
  const param = popup ? GOOGLE_POPUP_PARAM : GOOGLE_RETURN_PARAM;
  const data = unwrapAuthResult(
    await authClient.signIn.social({
      provider: 'google',
      callbackURL: `/login?${param}=${GOOGLE_DONE}`,
      errorCallbackURL: `/login?${param}=${GOOGLE_FAILED}`,
      disableRedirect: true,
    }),
  ) as { url?: string } | null;
  if (!data?.url) throw new Error('Google sign-in did not answer with an address');
  return data.url;
}
