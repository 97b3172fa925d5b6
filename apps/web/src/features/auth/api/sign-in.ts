import type { SignInForm } from '@ruthless/protocol';
import { authClient, unwrapAuthResult } from '@/lib/auth-client';
import { completeSignIn, runAuthFlow } from './complete-sign-in';

/** `POST /api/auth/sign-in/email`, then the operator check (without the claim: signed out) and a fresh token. */
export const signIn = ({ email, password }: SignInForm) =>
  runAuthFlow(async () => {
    unwrapAuthResult(await authClient.signIn.email({ email, password }));
    // Signs in an account registered with the operator; it never registers one.
    await completeSignIn(undefined, { register: false });
  });
