import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Whether the browser's session cookie is signed in: Better Auth's `GET /api/auth/get-session`
 * (null when not), asked with a plain fetch. The form waits for this answer, and Better Auth's
 * client would make it wait for 11 kB more (docs/web-quality.md, JavaScript per route). An answer
 * that does not come counts as signed out, as it did with the client.
 */
async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/get-session', { credentials: 'include' });
    const session = response.ok ? ((await response.json()) as { user?: { id?: unknown } } | null) : null;
    return Boolean(session?.user?.id);
  } catch {
    return false;
  }
}

/** Where a session found as the page opens leads: to the lobby with the operator claim; else it is closed. */
async function judgeSession(): Promise<'lobby' | 'form'> {
  const [{ getIdentityToken }, { signOut }] = await Promise.all([
    import('../api/get-identity-token'),
    import('@/lib/auth-client'),
  ]);
  const operator = await getIdentityToken().then(
    ({ claims }) => claims.operator,
    () => false,
  );
  if (operator) return 'lobby';
  await signOut().catch(() => undefined);
  return 'form';
}

/**
 * The login page with a signed-in user (docs/player-app.md (Start-up gate)): with the operator
 * claim they go to the lobby; without it they are signed out. Returns true while that is being
 * decided, once, as the page opens (a sign-in on the page goes on to the lobby by itself). `skip`:
 * back from Google, whose flow decides; it must not change after the first render.
 */
export function useLoginSessionCheck({ skip }: { skip: boolean }): boolean {
  const [isChecking, setChecking] = useState(true);
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const next = !skip && (await hasSession()) ? await judgeSession().catch(() => 'form' as const) : 'form';
      if (cancelled) return;
      if (next === 'lobby') void navigate('/', { replace: true });
      else setChecking(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [skip, navigate]);

  return isChecking;
}
