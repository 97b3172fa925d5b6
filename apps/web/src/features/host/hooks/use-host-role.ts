import { useMemo } from 'react';
import { readTokenClaim } from '@/lib/auth-client';
import { useSessionStore } from '@/stores/session-store';

/** Whether the signed-in person is a host: the identity token's `role` claim (ADMIN_EMAILS). */
export function useIsHost(): boolean {
  const token = useSessionStore((state) => state.accessToken);
  return useMemo(() => token !== null && readTokenClaim(token, 'role') === 'host', [token]);
}
