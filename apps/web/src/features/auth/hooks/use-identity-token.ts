import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { signOut } from '@/lib/auth-client';
import { rememberTokenHolder } from '@/lib/live-game/last-known-show';
import { useSessionStore } from '@/stores/session-store';
import { firstIdentityToken, getIdentityToken } from '../api/get-identity-token';
import { messages } from '../messages';

/** Refresh this long before the token expires. */
const REFRESH_MARGIN_MS = 60_000;
/** A failed refresh is tried again after this, while the token still has time left. */
const RETRY_AFTER_MS = 5_000;
const MIN_DELAY_MS = 5_000;

export type IdentityTokenStatus = 'loading' | 'ready' | 'failed';

/**
 * The start-up gate's token (docs/player-app.md (Start-up gate)): a fresh identity token and the player uuid go into the
 * session store, and a new token is fetched before each one expires. Failing to get one signs
 * out: 'Unable to get user token during authentication.' at start, 'Unable to get access token
 * from token refresher. Logging out.' later. Leaving the gate resets the session state.
 */
export function useIdentityToken(userId: string | undefined): IdentityTokenStatus {
  const [status, setStatus] = useState<IdentityTokenStatus>('loading');
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let timer: number | undefined;
    let expiresAt = 0;
    const session = useSessionStore.getState();

    const fail = async (message: string) => {
      toast.error(message);
      setStatus('failed');
      await signOut().catch(() => undefined);
      queryClient.clear();
    };

    const load = async (initial: boolean) => {
      try {
        const { token, claims } = await (initial ? firstIdentityToken(userId) : getIdentityToken());
        if (cancelled) return;
        // docs/player-app.md (Who uses it): no operator claim, no access.
        if (!claims.operator) throw new Error('The identity token has no operator claim');
        session.setAccessToken(token);
        session.setPlayerUuid(claims.sub);
        expiresAt = claims.exp * 1000;
        // Whose a reload's kept show may be before the session is known (last-known-show.ts).
        rememberTokenHolder(claims.sub, expiresAt);
        setStatus('ready');
        timer = window.setTimeout(
          () => void load(false),
          Math.max(expiresAt - Date.now() - REFRESH_MARGIN_MS, MIN_DELAY_MS),
        );
      } catch {
        if (cancelled) return;
        if (initial) return fail(messages.tokenFailed);
        // Try again while the current token still has a little time left.
        if (expiresAt - Date.now() > RETRY_AFTER_MS * 2) {
          timer = window.setTimeout(() => void load(false), RETRY_AFTER_MS);
          return;
        }
        return fail(messages.refreshFailed);
      }
    };
    void load(true);

    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      useSessionStore.getState().reset();
    };
  }, [userId, queryClient]);

  return userId ? status : 'loading';
}
