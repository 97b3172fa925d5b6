import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { GOOGLE_FAILED, GOOGLE_POPUP_PARAM, GOOGLE_RETURN_PARAM } from '../api/google-return';
import { useLoginSessionCheck } from '../hooks/use-login-session-check';
import { useUtmLogging } from '../hooks/use-utm-logging';
import { AuthForm, parseAuthFormMode, type AuthFormMode } from './auth-form';
import styles from './auth.module.css';

// Google's part (the providers' query, the popup's flow, Better Auth's client) loads beside the
// form, which takes typing without it (docs/web-quality.md, JavaScript per route).
const GoogleSignIn = lazy(async () => ({ default: (await import('./google-button')).GoogleSignIn }));

/**
 * Back from Google as the page opened, in the popup or (no popup allowed) in the whole page, with
 * the failure's code or null; null when not.
 */
function readGoogleReturn(searchParams: URLSearchParams) {
  const popupResult = searchParams.get(GOOGLE_POPUP_PARAM);
  const result = popupResult ?? searchParams.get(GOOGLE_RETURN_PARAM);
  if (result === null) return null;
  return {
    inPopup: popupResult !== null,
    error: result === GOOGLE_FAILED ? (searchParams.get('error') ?? 'unknown') : null,
  };
}

/**
 * The landing's form area (docs/player-app.md, Screens): the auth form in the mode of `form_type`, the 'or'
 * divider and 'Continue with Google'; a spinner until the auth state is known. In the Google
 * popup, back from the provider, it reports to the opener instead.
 */
export function LoginFormArea() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const [googleReturn] = useState(() => readGoogleReturn(searchParams));
  const mode = parseAuthFormMode(searchParams.get('form_type'));

  useUtmLogging(searchParams);
  const isChecking = useLoginSessionCheck({ skip: googleReturn !== null });

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
    await (await import('@/lib/auth-client')).refetchSession();
    await navigate('/', { replace: true });
  }, [navigate]);

  // Back from the provider: the popup reports to the app's tab; the whole page finishes here
  // (GoogleSignIn), without Google's answer left in the address.
  useEffect(() => {
    if (googleReturn?.inPopup) {
      void import('../hooks/use-google-sign-in').then(({ reportToApp }) => reportToApp(googleReturn.error));
    } else if (googleReturn) {
      setSearchParams(
        (params) => {
          params.delete(GOOGLE_RETURN_PARAM);
          params.delete('error');
          return params;
        },
        { replace: true },
      );
    }
  }, [googleReturn, setSearchParams]);

  if (googleReturn?.inPopup) {
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
      <Suspense>
        <GoogleSignIn returned={googleReturn} onSignedIn={enter} />
      </Suspense>
    </>
  );
}
