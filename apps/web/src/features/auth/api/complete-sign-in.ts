import { ApiError } from '@/lib/api-client';
import { authClient, signOut } from '@/lib/auth-client';
import { useSessionStore } from '@/stores/session-store';
import { catalogueMessage } from '@ruthless/protocol';
import { getIdentityToken } from './get-identity-token';
import { registerOperator } from './register-operator';

/** Splits the token's `name` into first and last name (docs/player-app.md (State kept by the app): on the first space). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * After Better Auth signed the player in: make sure they are registered with the operator
 * (`POST /api/operator/auth`, idempotent), then keep the fresh token, which carries the
 * operator claim. Only sign-up and Google register (docs/player-app.md, Calls): an email
 * sign-in of an account without the claim is refused as permission-denied, and the caller's
 * runAuthFlow signs it out.
 */
export async function completeSignIn(
  names?: { firstName?: string; lastName?: string },
  { register = true }: { register?: boolean } = {},
) {
  let { token, claims } = await getIdentityToken();
  if (!claims.operator && !register) {
    throw new ApiError(catalogueMessage('permission-denied'), { status: 403, code: 'permission-denied' });
  }
  if (!claims.operator) {
    const fromToken = splitName(claims.name);
    await registerOperator({
      token,
      email: claims.email,
      firstName: names?.firstName?.trim() || fromToken.firstName,
      lastName: names?.lastName?.trim() || fromToken.lastName,
    });
    ({ token, claims } = await getIdentityToken());
    if (!claims.operator) {
      throw new ApiError(catalogueMessage('permission-denied'), { status: 403, code: 'permission-denied' });
    }
  }
  const session = useSessionStore.getState();
  session.setAccessToken(token);
  session.setPlayerUuid(claims.sub);
}

/**
 * Runs a sign-in or sign-up flow; when it fails, a session it may have opened is closed
 * (docs/player-app.md, Messages) and the error goes on to the caller.
 */
export async function runAuthFlow<T>(flow: () => Promise<T>): Promise<T> {
  try {
    return await flow();
  } catch (error) {
    const session = await authClient.getSession().catch(() => null);
    if (session?.data) await signOut().catch(() => undefined);
    throw error;
  }
}
