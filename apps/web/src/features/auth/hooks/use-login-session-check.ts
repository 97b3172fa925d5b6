import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authClient, signOut } from '@/lib/auth-client';
import { getIdentityToken } from '../api/get-identity-token';
import { useAuthFlowStore } from '../stores/auth-flow-store';

/**
 * The login page with a signed-in user (docs/player-app.md (Start-up gate)): with the operator claim they go to the
 * lobby; without it they are signed out. Returns true while that is being decided.
 */
export function useLoginSessionCheck({ skip }: { skip: boolean }): boolean {
  const session = authClient.useSession();
  const isBusy = useAuthFlowStore((state) => state.isBusy);
  const navigate = useNavigate();
  const userId = session.data?.user.id;

  useEffect(() => {
    if (skip || isBusy || !userId) return;
    let cancelled = false;
    getIdentityToken()
      .then(({ claims }) => {
        if (cancelled) return;
        if (claims.operator) void navigate('/', { replace: true });
        else void signOut();
      })
      .catch(() => {
        if (!cancelled) void signOut();
      });
    return () => {
      cancelled = true;
    };
  }, [skip, isBusy, userId, navigate]);

  return session.isPending || (Boolean(userId) && !isBusy);
}
