import { readTokenClaim } from '@/lib/auth-client';
import { useSessionStore } from '@/stores/session-store';

/** The `email` claim of an identity token, or null when there is none or it cannot be read. */
export function emailFromToken(token: string | null): string | null {
  if (!token) return null;
  const email = readTokenClaim(token, 'email');
  return typeof email === 'string' && email !== '' ? email : null;
}

/** The signed-in player's email, read from the session's identity token. */
export function usePlayerEmail(): string | null {
  return useSessionStore((state) => emailFromToken(state.accessToken));
}
