import type { SignUpForm } from '@ruthless/protocol';
import { authClient, unwrapAuthResult } from '@/lib/auth-client';
import { completeSignIn, runAuthFlow } from './complete-sign-in';

/**
 * `POST /api/auth/sign-up/email` (which signs in), then `POST /api/operator/auth` with the
 * form's names, then a fresh token carrying the operator claim.
 */
export const signUp = ({ email, password, firstName = '', lastName = '' }: SignUpForm) =>
  runAuthFlow(async () => {
    const name = [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
    unwrapAuthResult(await authClient.signUp.email({ email, password, name }));
    await completeSignIn({ firstName, lastName });
  });
