import { jwtClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { catalogueMessage, GENERIC_ERROR_MESSAGE, type IdentityClaims } from '@ruthless/protocol';
import { useSessionStore } from '@/stores/session-store';
import { trackEvent } from './analytics';
import { forgetTokenHolderAndShow } from './live-game/last-known-show';
import { ApiError } from './api-client';

/**
 * Better Auth's client on the server's `/api/auth`: sign-up, sign-in, sign-out, reset, Google
 * and the session (a cookie) from which short-lived identity tokens are minted.
 */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  plugins: [jwtClient()],
  fetchOptions: { credentials: 'include' },
});

/**
 * Brings Better Auth's session store up to date, as `useSession().refetch` does, for a caller
 * that does not watch the session: the start-up gate reads the store.
 */
export async function refetchSession(): Promise<void> {
  const session = authClient.$store.atoms.session?.get() as { refetch: () => Promise<void> } | undefined;
  await session?.refetch();
}

interface BetterFetchError {
  status?: number;
  code?: string;
  message?: string;
}

/** A Better Auth client error as an ApiError with docs/player-app.md's Messages message for its code. */
export function toAuthError(error: BetterFetchError | null | undefined): ApiError {
  const fromCatalogue = catalogueMessage(error?.code);
  const message =
    fromCatalogue !== GENERIC_ERROR_MESSAGE ? fromCatalogue : error?.message || GENERIC_ERROR_MESSAGE;
  return new ApiError(message, { status: error?.status ?? 0, code: error?.code });
}

/** Returns `data` of a Better Auth client result, or throws its error as an ApiError. */
export function unwrapAuthResult<T>(result: { data: T | null; error: BetterFetchError | null }): T {
  if (result.error) throw toAuthError(result.error);
  return result.data as T;
}

/**
 * The schemas of the identity token, loaded with the first token rather than with the app: the
 * first screens then need no zod (docs/web-quality.md, JavaScript per route).
 */
const authSchemas = () => import('@ruthless/protocol/auth');

/** A fresh identity token (JWT, 15 minutes) for the session cookie: `GET /api/auth/token`. */
export async function fetchIdentityToken(): Promise<string> {
  const [result, { identityTokenResponseSchema }] = await Promise.all([
    authClient.$fetch<unknown>('/token', { method: 'GET' }),
    authSchemas(),
  ]);
  const data = unwrapAuthResult(result as { data: unknown; error: BetterFetchError | null });
  return identityTokenResponseSchema.parse(data).token;
}

/**
 * The payload of an identity token as it came, unchecked (the server checks the token itself):
 * enough for what the screen shows from it, the email or the host's role.
 */
export function readTokenPayload(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Malformed identity token');
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** One claim of an identity token's payload, unchecked; undefined when the token cannot be read. */
export function readTokenClaim(token: string, claim: string): unknown {
  try {
    const payload = readTokenPayload(token);
    return typeof payload === 'object' && payload !== null
      ? (payload as Record<string, unknown>)[claim]
      : undefined;
  } catch {
    return undefined;
  }
}

/** The claims of an identity token, read against the protocol's schema. */
export async function decodeIdentityToken(token: string): Promise<IdentityClaims> {
  const { identityClaimsSchema } = await authSchemas();
  return identityClaimsSchema.parse(readTokenPayload(token));
}

/**
 * Ends the session on the server (best effort) and clears the session state and the show kept
 * for a reload (lib/live-game/last-known-show.ts). Whoever watches the session (the start-up
 * gate, the login page) moves on from there. Every sign-out, by the player or forced, is one
 * `logOffTime` analytics event.
 */
export async function signOut(): Promise<void> {
  trackEvent('logOffTime', { userId: useSessionStore.getState().playerUuid });
  // First, whatever the server answers: the next person on this phone sees nothing of this show.
  forgetTokenHolderAndShow();
  try {
    await authClient.signOut();
  } finally {
    useSessionStore.getState().reset();
  }
}
