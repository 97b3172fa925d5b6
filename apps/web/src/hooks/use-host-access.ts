import { useMemo } from 'react';
import { readTokenClaim } from '@/lib/auth-client';
import { useSessionStore } from '@/stores/session-store';

/**
 * The signed-in person's place at the console, from the identity token: 'host' (the `role` claim:
 * ADMIN_EMAILS with a proven mailbox), 'pending' (listed, mailbox not proven yet: `hostPending`),
 * or null for everyone else.
 */
export function useHostAccess(): 'host' | 'pending' | null {
  const token = useSessionStore((state) => state.accessToken);
  return useMemo(() => {
    if (token === null) return null;
    if (readTokenClaim(token, 'role') === 'host') return 'host';
    return readTokenClaim(token, 'hostPending') === true ? 'pending' : null;
  }, [token]);
}

/** Whether the signed-in person is a host. */
export function useIsHost(): boolean {
  return useHostAccess() === 'host';
}
