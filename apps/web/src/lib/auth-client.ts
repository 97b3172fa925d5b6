import { jwtClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import {
  catalogueMessage,
  GENERIC_ERROR_MESSAGE,
  identityClaimsSchema,
  identityTokenResponseSchema,
  type IdentityClaims,
} from '@ruthless/protocol';
import { useSessionStore } from '@/stores/session-store';
import { trackEvent } from './analytics';
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

/** A fresh identity token (JWT, 15 minutes) for the session cookie: `GET /api/auth/token`. */
export async function fetchIdentityToken(): Promise<string> {
  const result = await authClient.$fetch<unknown>('/token', { method: 'GET' });
  const data = unwrapAuthResult(result as { data: unknown; error: BetterFetchError | null });
  return identityTokenResponseSchema.parse(data).token;
}

/** The claims of an identity token, read without checking it (the server checks it). */
export function decodeIdentityToken(token: string): IdentityClaims {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Malformed identity token');
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
  return identityClaimsSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

/**
 * Ends the session on the server (best effort) and clears the session state. Whoever watches
 * the session (the start-up gate, the login page) moves on from there. Every sign-out, by the
 * player or forced, is one `logOffTime` analytics event.
 */
export async function signOut(): Promise<void> {
  trackEvent('logOffTime', { userId: useSessionStore.getState().playerUuid });
  try {
    await authClient.signOut();
  } finally {
    useSessionStore.getState().reset();
  }
}
