import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ExitModal } from '@/features/game/components/exit-modal';
import { GameScreen } from '@/features/game/components/game-screen';
import { PreviewStart } from '@/features/game/components/preview-start';
import { useExitGuard } from '@/features/game/hooks/use-exit-guard';
import { useGameStore } from '@/features/game/stores/game-store';
import { trackEvent } from '@/lib/analytics';
import { useSessionStore } from '@/stores/session-store';
import { NotFoundRoute } from './not-found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The live game, loaded on demand (SPEC.md §2 /game/{id}). With `?preview=1` a host sees the same
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
  return preview ? <GameScreen key={id} gameUuid={id} preview /> : <PlayerGame key={id} gameUuid={id} />;
}

/** A signed-in player's game: the join is counted, and leaving asks first while the show is on. */
function PlayerGame({ gameUuid }: { gameUuid: string }) {
  const stage = useGameStore((state) => state.gameState);
  const showIsOn = stage !== 'ended' && stage !== 'cancelled';
  const blocker = useExitGuard(showIsOn);

  const onJoined = useCallback(() => {
    trackEvent('joinGameTime', { gameId: gameUuid, userId: useSessionStore.getState().playerUuid });
  }, [gameUuid]);

  return (
    <>
      <GameScreen gameUuid={gameUuid} preview={false} onJoined={onJoined} />
      {blocker.state === 'blocked' && (
        <ExitModal onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
      )}
    </>
  );
}
