import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { oauthErrorMessage } from '@ruthless/protocol';
import { errorMessage } from '@/lib/api-client';
import { completeSignIn, runAuthFlow } from '../api/complete-sign-in';
import { getAuthProviders } from '../api/get-auth-providers';
import { getGoogleSignInUrl } from '../api/sign-in-with-google';
import { messages } from '../messages';

/**
 * The popup, back from the provider, tells the app's tab over this channel: the server's
 * Cross-Origin-Opener-Policy cuts the popup from its opener once it visits the provider, so
 * `window.opener` cannot be relied on.
 */
const CHANNEL = 'ruthless:google-sign-in';
export interface GooglePopupMessage {
  type: typeof CHANNEL;
  /** The `error` Better Auth put on the error callback, if it failed. */
  error: string | null;
}

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * 'Continue with Google': the provider in a 500x600 popup; the popup comes back to the login
 * page, which reports the outcome here; then the operator registration and a fresh token, as
 * after sign-up. `onSignedIn` runs once the player may enter.
 */
export function useGoogleSignIn(onSignedIn: () => Promise<void> | void) {
  const [isPending, setPending] = useState(false);
  const popupRef = useRef<Window | null>(null);
  const awaiting = useRef(false);
  const onSignedInRef = useRef(onSignedIn);
  useEffect(() => {
    onSignedInRef.current = onSignedIn;
  }, [onSignedIn]);

  /** Ends a Google sign-in: `error` is the provider's failure code, or null on success. */
  const finish = useCallback(async (error: string | null) => {
    awaiting.current = false;
    popupRef.current = null;
    setPending(true);
    try {
      await runAuthFlow(async () => {
        if (error) throw new Error(oauthErrorMessage(error));
        await completeSignIn();
      });
      toast.success(messages.signedIn);
      await onSignedInRef.current();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }, []);

  useEffect(() => {
    const onReport = (data: Partial<GooglePopupMessage> | null) => {
      if (data?.type !== CHANNEL || !awaiting.current) return;
      void finish(data.error ?? null);
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent<GooglePopupMessage>) => onReport(event.data));
    const onMessage = (event: MessageEvent<GooglePopupMessage>) => {
      if (event.origin === window.location.origin) onReport(event.data);
    };
    window.addEventListener('message', onMessage);
    return () => {
      channel?.close();
      window.removeEventListener('message', onMessage);
    };
  }, [finish]);

  // The player may close the popup half-way: the button comes back (a late report still counts).
  useEffect(() => {
    if (!isPending) return;
    const timer = window.setInterval(() => {
      if (popupRef.current?.closed) {
        popupRef.current = null;
        setPending(false);
      }
    }, 500);
    return () => window.clearInterval(timer);
  }, [isPending]);

  /** `googleAvailable`: what `GET /api/auth/providers` said, if it answered yet. */
  const start = useCallback((googleAvailable: boolean | undefined) => {
    if (googleAvailable === false) {
      toast.error(messages.googleUnavailable);
      return;
    }
    // Opened at once, inside the click, so no popup blocker stops it; the address follows.
    const popup = window.open('about:blank', 'ruthless-google', popupFeatures());
    popupRef.current = popup;
    awaiting.current = true;
    setPending(true);
    void (async () => {
      try {
        const providers = await getAuthProviders();
        if (!providers.google) throw new Error(messages.googleUnavailable);
        const url = await getGoogleSignInUrl({ popup: popup !== null });
        if (popup) popup.location.href = url;
        // No popup allowed: the whole page goes, and the login page finishes on its return.
        else window.location.assign(url);
      } catch (error) {
        popup?.close();
        popupRef.current = null;
        awaiting.current = false;
        setPending(false);
        toast.error(errorMessage(error));
      }
    })();
  }, []);

  return { start, isPending, finish };
}

/** In the popup, back from the provider: tell the app's tab, then close. */
export function reportToApp(error: string | null) {
  const message: GooglePopupMessage = { type: CHANNEL, error };
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
  const opener = window.opener as Window | null;
  if (opener && !opener.closed) opener.postMessage(message, window.location.origin);
  window.close();
}
