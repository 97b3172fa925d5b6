import { lazy, Suspense, useCallback, useEffect, useState, type ComponentProps } from 'react';
import { createPortal } from 'react-dom';
import { useParams, useSearchParams } from 'react-router';
import { useAliasResetNotice } from '@/features/auth/hooks/use-alias-reset-notice';
import { ChatButton } from '@/features/chat/components/chat-button';
import { useChatStore } from '@/lib/chat/chat-store';
import { useChatFeed } from '@/lib/chat/use-chat-feed';
import { ExitModal } from '@/features/game/components/exit-modal';
import { GameScreen } from '@/features/game/components/game-screen';
import { PreviewStart } from '@/features/game/components/preview-start';
import { useExitGuard } from '@/features/game/hooks/use-exit-guard';
import { useGameStore } from '@/lib/live-game/game-store';
import { trackEvent } from '@/lib/analytics';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import { whenSettled } from '../when-settled';
import { NotFoundRoute } from './not-found';

// The chat's panel (its messages and send form) mounts at the first open, its code loaded when
// the page has settled: a show's first screen draws no hidden chat (docs/web-quality.md).
const loadChatPanel = () => import('@/features/chat/components/chat-panel');
const ChatPanel = lazy(async () => ({ default: (await loadChatPanel()).ChatPanel }));

function ChatPanelOnceOpened(props: ComponentProps<typeof ChatPanel>) {
  const isOpen = useChatStore((state) => state.isOpen);
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  useEffect(() => whenSettled(() => void loadChatPanel()), []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel {...props} />
    </Suspense>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The live game, loaded on demand (docs/player-app.md (Screens) /game/{id}). With `?preview=1` a host sees the same
 * screen read-only, muted and without the bottom bar, once they press 'Start preview'.
 */
export function GameRoute() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const preview = searchParams.get('preview') === '1';
  const [previewStarted, setPreviewStarted] = useState(false);

  // No game has such an id: the themed not-found page, not the server's validation message.
  if (!UUID.test(id)) return <NotFoundRoute />;
  if (preview && !previewStarted)
    return <PreviewStart gameUuid={id} onStart={() => setPreviewStarted(true)} />;
  return preview ? <PreviewGame key={id} gameUuid={id} /> : <PlayerGame key={id} gameUuid={id} />;
}

/** A host's preview: the game screen with the chat read-only behind a floating button. */
function PreviewGame({ gameUuid }: { gameUuid: string }) {
  const onChat = useChatFeed(gameUuid);
  const roomUuid = useGameStore((state) => state.view?.roomUuid ?? null);
  return (
    <>
      <GameScreen gameUuid={gameUuid} preview onChat={onChat} />
      <ChatButton floating />
      <ChatPanelOnceOpened
        gameUuid={gameUuid}
        roomUuid={roomUuid}
        readOnlyReason="Preview: the chat is read-only."
      />
    </>
  );
}

/** Why a player cannot chat right now, or null when they can (docs/chat.md). */
function chatReadOnlyReason(stage: string | null, holdsTicket: boolean, catchingUp: boolean): string | null {
  // A reload's kept show is on screen: nothing is sent before the server is back.
  if (catchingUp) return 'Reconnecting…';
  if (stage === null || stage === 'scheduled') return 'The chat opens with the green room.';
  if (stage === 'ended') return 'The show is over: the chat is closed.';
  if (stage === 'cancelled') return 'This show has been cancelled.';
  if (!holdsTicket) return 'Only ticket holders of this show can chat.';
  return null;
}

/** A signed-in player's game: the join is counted, and leaving asks first while the show is on. */
function PlayerGame({ gameUuid }: { gameUuid: string }) {
  const stage = useGameStore((state) => state.gameState);
  const showIsOn = stage !== 'ended' && stage !== 'cancelled';
  // Armed once the show is known to be on: a page of an ended show keeps the plain history.
  const exit = useExitGuard(showIsOn, stage !== null && showIsOn);
  const onChat = useChatFeed(gameUuid);
  useAliasResetNotice();
  const roomUuid = useGameStore((state) => state.view?.roomUuid ?? null);
  const holdsTicket = useGameStore((state) => Boolean(state.you?.ticket));
  const catchingUp = useGameStore((state) => state.catchingUp);
  const footerSlot = useClientStore((state) => state.footerSlot);
  // The lucky fate and the final give a player seconds to act: the chat closes as they start,
  // and opened again meanwhile it is a short sheet that leaves the cards and SHARE/STEAL free.
  const mustAct = stage === 'lucky-fate' || stage === 'ruthless';
  useEffect(() => {
    if (mustAct) useChatStore.getState().setOpen(false);
  }, [mustAct]);

  const onJoined = useCallback(() => {
    trackEvent('joinGameTime', { gameId: gameUuid, userId: useSessionStore.getState().playerUuid });
  }, [gameUuid]);

  return (
    <>
      <GameScreen gameUuid={gameUuid} preview={false} onJoined={onJoined} onChat={onChat} />
      {footerSlot && createPortal(<ChatButton />, footerSlot)}
      <ChatPanelOnceOpened
        gameUuid={gameUuid}
        roomUuid={roomUuid}
        readOnlyReason={chatReadOnlyReason(stage, holdsTicket, catchingUp)}
        compact={mustAct}
      />
      {exit.blocked && <ExitModal onStay={exit.stay} onLeave={exit.leave} />}
    </>
  );
}
