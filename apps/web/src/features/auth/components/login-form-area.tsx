import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { authClient } from '@/lib/auth-client';
import { GOOGLE_FAILED, GOOGLE_POPUP_PARAM, GOOGLE_RETURN_PARAM } from '../api/sign-in-with-google';
import { useAuthProviders } from '../api/get-auth-providers';
import { reportToApp, useGoogleSignIn } from '../hooks/use-google-sign-in';
import { useLoginSessionCheck } from '../hooks/use-login-session-check';
import { useUtmLogging } from '../hooks/use-utm-logging';
import { AuthForm, parseAuthFormMode, type AuthFormMode } from './auth-form';
import { GoogleButton, OrDivider } from './google-button';
import styles from './auth.module.css';

/**
 * The landing's form area (docs/player-app.md, Screens): the auth form in the mode of `form_type`, the 'or'
 * divider and 'Continue with Google'; a spinner until the auth state is known. In the Google
 * popup, back from the provider, it reports to the opener instead.
 */
export function LoginFormArea() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  // Back from Google: in the popup, or (no popup allowed) in the whole page.
  const popupResult = searchParams.get(GOOGLE_POPUP_PARAM);
  const returnResult = searchParams.get(GOOGLE_RETURN_PARAM);
  const googleResult = popupResult ?? returnResult;
  const googleError = googleResult === GOOGLE_FAILED ? (searchParams.get('error') ?? 'unknown') : null;
  const mode = parseAuthFormMode(searchParams.get('form_type'));
  const session = authClient.useSession();
  const refetchSession = useRef(session.refetch);
  useEffect(() => {
    refetchSession.current = session.refetch;
  }, [session.refetch]);

  useUtmLogging(searchParams);
  const isChecking = useLoginSessionCheck({ skip: googleResult !== null });

  const setMode = useCallback(
    (next: AuthFormMode) =>
      setSearchParams(
        (params) => {
          params.set('form_type', next);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // A missing or unknown form_type is read as sign-in and written back as such.
  const formType = searchParams.get('form_type');
  useEffect(() => {
    if (formType !== mode) setMode(mode);
  }, [formType, mode, setMode]);

  const enter = useCallback(async () => {
    // The gate reads Better Auth's session: it must know about the new one before we go.
    await refetchSession.current();
    await navigate('/', { replace: true });
  }, [navigate]);

  const google = useGoogleSignIn(enter);
  const providers = useAuthProviders();

  // Back from the provider: the popup reports to the app's tab; the whole page finishes here.
  const handledReturn = useRef(false);
  useEffect(() => {
    if (googleResult === null || handledReturn.current) return;
    handledReturn.current = true;
    if (popupResult !== null) {
      reportToApp(googleError);
      return;
    }
    setSearchParams(
      (params) => {
        params.delete(GOOGLE_RETURN_PARAM);
        params.delete('error');
        return params;
      },
      { replace: true },
    );
    void google.finish(googleError);
  }, [googleResult, popupResult, googleError, google, setSearchParams]);

  if (popupResult !== null) {
    return (
      <div className={styles.center}>
        <Spinner />
        <p>Signed in with Google. You can close this window.</p>
      </div>
    );
  }

  if (isChecking) {
    return (
      <div className={styles.center}>
        <Spinner label="Checking your session" />
      </div>
    );
  }

  return (
    <>
      <AuthForm mode={mode} onModeChange={setMode} onSignedIn={() => void enter()} />
      {/* Only a server with a Google client offers it (and the 'or' before it). */}
      {providers.data?.google && (
        <>
          <OrDivider />
          <GoogleButton google={google} />
        </>
      )}
    </>
  );
}
