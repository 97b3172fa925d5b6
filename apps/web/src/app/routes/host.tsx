import { lazy, Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { KeyIcon } from '@/components/ui/icons';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { useHostAccess } from '@/hooks/use-host-access';
import { errorMessage } from '@/lib/api-client';
import { readTokenClaim } from '@/lib/auth-client';
import { useSessionStore } from '@/stores/session-store';
import styles from './public-page.module.css';

// Its own chunk (assets/host-console-*.js), fetched only once the role is known to be 'host'.
const HostConsole = lazy(async () => ({
  default: (await import('@/features/host/components/host-console')).HostConsole,
}));

/**
 * /host/*: the host console for hosts; a listed address whose mailbox is not proven yet is told
 * how to prove it; anyone else goes to the lobby without loading the console's code.
 */
export function HostRoute() {
  const access = useHostAccess();
  if (access === 'pending') return <ProveMailbox />;
  if (access !== 'host') return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <HostConsole />
    </Suspense>
  );
}

/** The mailbox is proven by the password-reset link: one tap sends it. */
function ProveMailbox() {
  const token = useSessionStore((state) => state.accessToken);
  const email = token ? String(readTokenClaim(token, 'email') ?? '') : '';
  const send = useRequestPasswordReset();
  return (
    <main className={styles.page}>
      <Link to="/" className={styles.logoLink} aria-label="Ruthless home">
        <Logo className={styles.logo} />
      </Link>
      <Panel tone="gold" className={styles.panel}>
        <KeyIcon className={styles.icon} />
        <h1 className={styles.title}>Prove your mailbox</h1>
        <p className={styles.text}>
          {email} may host shows, but its mailbox is not proven yet. We will email a link to it: open it and
          choose a password, which proves the mailbox. Then sign in again and open the console.
        </p>
        {send.isSuccess ? (
          <p className={styles.text} role="status">
            Link sent to {email}. Open it, choose a password, then sign in again.
          </p>
        ) : (
          <Button isLoading={send.isPending} onClick={() => send.mutate({ email })}>
            Email me the link
          </Button>
        )}
        {send.isError && <p role="alert">{errorMessage(send.error)}</p>}
        <Link to="/">Back to the lobby</Link>
      </Panel>
    </main>
  );
}
