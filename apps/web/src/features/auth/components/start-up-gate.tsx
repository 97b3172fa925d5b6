import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { toast } from '@/lib/toast';
import { Navigate, Outlet, useMatch, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { needsMandatoryDetails } from '@ruthless/protocol';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useHostAccess } from '@/hooks/use-host-access';
import { authClient, signOut } from '@/lib/auth-client';
import { forgetLastKnownShowUnlessOwnedBy, lastKnownShow } from '@/lib/live-game/last-known-show';
import { loadGameSounds } from '@/lib/sound';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import { startIdentityToken } from '../api/get-identity-token';
import { useUserSettings } from '../api/get-user-settings';
import { useIdentityToken } from '../hooks/use-identity-token';
import { loadingSteps, messages } from '../messages';
import { AliasBadge } from './alias-badge';

// Only a player with details missing sees the form: its phone validation (libphonenumber) and
// form library load then, not on every signed-in start.
const DetailsForm = lazy(async () => ({ default: (await import('./details-form')).DetailsForm }));
const ChatNameResetModal = lazy(async () => ({
  default: (await import('./chat-name-reset-modal')).ChatNameResetModal,
}));

/**
 * The start-up gate of docs/player-app.md (Start-up gate), around the signed-in routes: waits for
 * the auth state (signed out: /login), gets and keeps refreshing the identity token, waits for the
 * game sounds (a few seconds at most), checks the default user settings (failure: signed out) and
 * shows the mandatory details form while alias, default choice or phone number is missing (a chat
 * name the host reset is asked for in a dialog over the screen instead). The host console asks a
 * host for none of a player's details: a new host proves the mailbox there first
 * (docs/host-console.md). Preview mode (`/game/{id}?preview=1`) needs no sign-in, nor does
 * watching a show again (`/game/{id}/replay`): a visitor watches it signed out. A reload of a
 * show the phone kept (lib/live-game/last-known-show.ts) lets the show's screen through at once,
 * while the gate settles, when it is the signed-in player's (before the session is known: the
 * holder's of a token still valid); the screen joins the show once the token is in.
 */
export function StartUpGate() {
  const [searchParams] = useSearchParams();
  const game = useMatch('/game/:id');
  const isGame = game !== null;
  const isHost = useMatch('/host/*') !== null;
  const isReplay = useMatch('/game/:id/replay') !== null;
  if (isGame && searchParams.get('preview') === '1') return <Outlet />;
  if (isReplay) return <VisitorOrSignedInGate />;
  // The console has its own top bar: no alias badge there.
  return <SignedInGate isGame={isGame || isHost} isHostConsole={isHost} gameUuid={game?.params.id ?? null} />;
}

/** A visitor goes straight in; a signed-in player passes the gate as on any game screen. */
function VisitorOrSignedInGate() {
  const session = authClient.useSession();
  if (session.isPending) return <LoadingScreen message={loadingSteps.initial} />;
  if (!session.data?.user.id) return <Outlet />;
  return <SignedInGate isGame />;
}

function SignedInGate({
  isGame,
  isHostConsole = false,
  gameUuid = null,
}: {
  isGame: boolean;
  isHostConsole?: boolean;
  gameUuid?: string | null;
}) {
  const session = authClient.useSession();
  const hostAccess = useHostAccess();
  const userId = session.data?.user.id;
  const tokenStatus = useIdentityToken(userId);
  const soundLoaded = useGameSoundsLoaded();
  const playerUuid = useSessionStore((state) =>
    tokenStatus === 'ready' && soundLoaded ? state.playerUuid : null,
  );
  const settings = useUserSettings(playerUuid);
  // The signed-in screen mounts as a transition once the settings are in: rendered in slices the
  // browser can paint and take input between, not in one long task with the query's update (the
  // player shell and the whole route at once; docs/web-quality.md, Fourteenth pass).
  const settled = useDeferredValue(settings.data !== undefined);
  const setPhoneNumber = useSessionStore((state) => state.setPhoneNumber);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!settings.isError) return;
    toast.error(messages.settingsFailed);
    void signOut()
      .catch(() => undefined)
      .then(() => queryClient.clear());
  }, [settings.isError, queryClient]);

  useEffect(() => {
    if (settings.data) setPhoneNumber(settings.data.phoneNumber);
  }, [settings.data, setPhoneNumber]);

  // A show kept for anyone but who is signed in is forgotten as soon as the session is known.
  const signedIn = session.isPending ? undefined : (userId ?? null);
  useEffect(() => {
    if (signedIn !== undefined) forgetLastKnownShowUnlessOwnedBy(signedIn);
  }, [signedIn]);
  // A reload of a kept show: its player's token is asked for beside the session, not after it.
  useEffect(() => {
    if (signedIn !== undefined || gameUuid === null) return;
    const kept = lastKnownShow(gameUuid, undefined);
    if (kept) startIdentityToken(kept.owner);
  }, [signedIn, gameUuid]);
  // The same tree as the settled gate's below, so the show's screen stays mounted as it settles.
  const whileSettling = (message: string) =>
    gameUuid !== null && lastKnownShow(gameUuid, signedIn) !== null ? (
      <>
        {null}
        <Outlet />
        {null}
      </>
    ) : (
      <LoadingScreen message={message} />
    );

  if (session.isPending) return whileSettling(loadingSteps.initial);
  if (!userId) return <Navigate to="/login" replace />;
  if (tokenStatus !== 'ready') return whileSettling(loadingSteps.token);
  if (!soundLoaded) return whileSettling(loadingSteps.initial);
  if (!settings.data || !settled) return whileSettling(loadingSteps.settings);
  // A registered player whose chat name the host reset keeps their screen (a show may be on)
  // and is asked for a new name over it; only a first-timer gets the whole details form.
  const aliasWasReset =
    !settings.data.alias && Boolean(settings.data.phoneNumber && settings.data.defaultChoice);
  const hostAtTheConsole = isHostConsole && hostAccess !== null;
  if (needsMandatoryDetails(settings.data) && !aliasWasReset && !hostAtTheConsole) {
    return (
      <Suspense fallback={<LoadingScreen message={loadingSteps.settings} />}>
        <DetailsForm settings={settings.data} />
      </Suspense>
    );
  }

  return (
    <>
      {!isGame && settings.data.alias && <AliasBadge alias={settings.data.alias} />}
      <Outlet />
      {aliasWasReset && (
        <Suspense fallback={null}>
          <ChatNameResetModal settings={settings.data} />
        </Suspense>
      )}
    </>
  );
}

/** Loads the game sounds once per page (capped at a few seconds); true once done. */
function useGameSoundsLoaded(): boolean {
  const soundLoaded = useClientStore((state) => state.soundLoaded);
  const setSoundLoaded = useClientStore((state) => state.setSoundLoaded);
  useEffect(() => {
    if (!soundLoaded) void loadGameSounds().then(() => setSoundLoaded(true));
  }, [soundLoaded, setSoundLoaded]);
  return soundLoaded;
}
