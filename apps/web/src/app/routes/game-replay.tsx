import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { GameReplay } from '@ruthless/protocol/replay';
import { LinkButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { GameScreen } from '@/features/game/components/game-screen';
import { useReplay } from '@/features/replay/api/get-replay';
import { ReplayControls } from '@/features/replay/components/replay-controls';
import { useReplayPlayer } from '@/features/replay/hooks/use-replay-player';
import { errorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { NotFoundRoute } from './not-found';
import styles from './game-replay.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Watch again (`/game/{id}/replay`): an ended show on the game screen, played from its published
 * event log on the show's own clock. No sign-in needed; a signed-in ticket holder sees their ticket.
 */
export function GameReplayRoute() {
  const { id = '' } = useParams();
  if (!UUID.test(id)) return <NotFoundRoute />;
  return <Replay key={id} gameUuid={id} />;
}

function Replay({ gameUuid }: { gameUuid: string }) {
  const signedIn = useSessionStore((state) => state.accessToken !== null);
  const replay = useReplay(gameUuid, signedIn);
  if (replay.isPending)
    return (
      <div className={styles.waiting} role="status">
        <Spinner size={36} label="Loading" />
        <p>Tuning in to the show…</p>
      </div>
    );
  if (replay.isError)
    return (
      <div className={styles.waiting} role="alert">
        <p className={styles.problemTitle}>Can’t watch this show again</p>
        <p>{errorMessage(replay.error)}</p>
        <LinkButton to="/">Back to the lobby</LinkButton>
      </div>
    );
  return <ReplayPlayer replay={replay.data} />;
}

function ReplayPlayer({ replay }: { replay: GameReplay }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const player = useReplayPlayer(replay, searchParams.get('t'));
  // The position is kept in the address, so a shared link opens at that moment.
  const second = Math.floor((player.position - player.timeline.start) / 1000);
  useEffect(() => {
    setSearchParams(
      (params) => {
        params.set('t', String(second));
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [second, setSearchParams]);

  return (
    <div className={styles.replay}>
      <GameScreen
        gameUuid={replay.gameUuid}
        preview={false}
        replay
        recordingStartedAt={replay.videoStartedAt}
        replayPlayers={player.players}
      />
      <ReplayControls player={player} />
    </div>
  );
}
