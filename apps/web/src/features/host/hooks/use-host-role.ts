import { useMemo } from 'react';
import { decodeIdentityToken } from '@/lib/auth-client';
import { useSessionStore } from '@/stores/session-store';

/** Whether the signed-in person is a host: the identity token's `role` claim (ADMIN_EMAILS). */
export function useIsHost(): boolean {
  const token = useSessionStore((state) => state.accessToken);
  return useMemo(() => {
    if (!token) return false;
    try {
      return decodeIdentityToken(token).role === 'host';
    } catch {
      return false;
    }
  }, [token]);
}
