import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAuthProviders } from '../api/get-auth-providers';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import styles from './auth.module.css';

function GoogleMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

/** 'Continue with Google' (docs/player-app.md, Screens): the provider in a 500x600 popup. */
function GoogleButton({ google }: { google: ReturnType<typeof useGoogleSignIn> }) {
  const providers = useAuthProviders();

  return (
    <button
      type="button"
      className={styles.google}
      onClick={() => google.start(providers.data?.google)}
      disabled={google.isPending}
      aria-busy={google.isPending || undefined}
    >
      {google.isPending ? (
        <Spinner size={22} label="Signing in with Google" className={styles.darkSpinner} />
      ) : (
        <GoogleMark className={styles.googleMark} />
      )}
      Continue with Google
    </button>
  );
}

function OrDivider() {
  return (
    <p className={styles.divider} role="separator" aria-label="or">
      or
    </p>
  );
}

/**
 * The landing's Google sign-in, under the form: the 'or' divider and 'Continue with Google' when
 * the server has a Google client; and, when the provider sent the whole page back (`returned`,
 * with its failure code or null), the end of that sign-in. `onSignedIn` runs once the player may
 * enter.
 */
export function GoogleSignIn({
  returned,
  onSignedIn,
}: {
  returned: { error: string | null } | null;
  onSignedIn: () => Promise<void>;
}) {
  const google = useGoogleSignIn(onSignedIn);
  const providers = useAuthProviders();

  const finished = useRef(false);
  useEffect(() => {
    if (!returned || finished.current) return;
    finished.current = true;
    void google.finish(returned.error);
  }, [returned, google]);

  // Only a server with a Google client offers it (and the 'or' before it).
  if (!providers.data?.google) return null;
  return (
    <>
      <OrDivider />
      <GoogleButton google={google} />
    </>
  );
}
