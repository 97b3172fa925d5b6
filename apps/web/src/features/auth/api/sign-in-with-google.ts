import { authClient, unwrapAuthResult } from '@/lib/auth-client';
import { GOOGLE_DONE, GOOGLE_FAILED, GOOGLE_POPUP_PARAM, GOOGLE_RETURN_PARAM } from './google-return';

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
