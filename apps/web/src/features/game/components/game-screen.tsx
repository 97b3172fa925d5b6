import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { Choice, LuckyFatePick, Stage } from '@ruthless/game';
import type { ChatMessage } from '@ruthless/protocol';
import { LinkButton } from '@/components/ui/button';
import { useLobbyStore } from '@/stores/lobby-store';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMuted } from '@/lib/sound';
import { usePickLuckyFate } from '../api/pick-lucky-fate';
import { useSendChoice } from '../api/send-choice';
import { useCallText } from '../hooks/use-call-texts';
import { useHostVideo } from '../hooks/use-host-video';
import { useLiveGame } from '@/lib/live-game/use-live-game';
import { useRoomTheme } from '../hooks/use-room-theme';
import { useGameStore } from '@/lib/live-game/game-store';
import { BallCaller } from './ball-caller';
import { CalledBoard } from './called-board';
import { CurrentBall } from './current-ball';
import { GreenRoom } from './green-room';
import { HostVideo } from './host-video';
import { LuckyFate } from './lucky-fate';
import { NeverSentNote } from './never-sent-note';
import { NearWinQueue } from './near-win-queue';
import { PrizeBanner } from './prize-banner';
import { Results } from './results';
import { Reveal } from './reveal';
import { Reels } from './reels';
import { RuthlessFinal } from './ruthless-final';
import { SoundRequiredModal } from './sound-required-modal';
import { StatusBar } from './status-bar';
import { TicketCard } from './ticket-card';
import styles from './game-screen.module.css';

const stageTitle: Record<Stage, string> = {
  scheduled: 'Coming Up',
  'green-room': 'Green Room',
  reels: 'Spin the Reels',
  'lucky-fate': 'Lucky Fate',
  draw: 'Eyes Down',
  ruthless: 'The Final',
  reveal: 'The Reveal',
  ended: 'That’s the Show',
  cancelled: 'Show Cancelled',
};

export interface GameScreenProps {
  gameUuid: string;
  preview: boolean;
  /** Called once, when the first join succeeds (the `joinGameTime` analytics event). */
  onJoined?: () => void;
  /** The latest chat messages of every (re)join's snapshot. */
  onChat?: (messages: ChatMessage[]) => void;
  /**
   * Watch again: the game store is fed by the replay of the stored events (features/replay), not
   * by the live game; nothing can be picked or chosen.
   */
  replay?: boolean;
  /** A replayed live show's recording (the view's videoSource) started then: it follows the playhead. */
  recordingStartedAt?: string | null;
  /**
   * Watch again: how many played the show (its recorded tickets), said in its green room however
   * early the playhead is (claims made in the green room are not in yet at its first seconds).
   */
  replayPlayers?: number | null;
}

/** Joins the live game and feeds the store (not rendered for a replay, which feeds it itself). */
function LiveGameFeed({
  gameUuid,
  preview,
  onJoined,
  onChat,
}: Omit<GameScreenProps, 'replay' | 'replayPlayers'>) {
  // A player's screen starts a reload from the show as the phone last had it.
  useLiveGame(gameUuid, preview, onJoined, onChat, { lastKnown: true });
  return null;
}

/**
 * The live show on a phone: host video, status bar, the stage's own panel (green room, reels,
 * lucky fate, the draw, the final, the reveal, the results), the player's ticket, the near-win
 * queue and the caller's board. Everything comes from the server's events; nothing is invented.
 */
export function GameScreen({
  replay = false,
  recordingStartedAt = null,
  replayPlayers = null,
  ...live
}: GameScreenProps) {
  return (
    <>
      {!replay && <LiveGameFeed {...live} />}
      <GameStage
        gameUuid={live.gameUuid}
        preview={live.preview}
        replay={replay}
        recordingStartedAt={recordingStartedAt}
        replayPlayers={replayPlayers}
      />
    </>
  );
}

function GameStage({
  gameUuid,
  preview,
  replay,
  recordingStartedAt,
  replayPlayers,
}: {
  gameUuid: string;
  preview: boolean;
  replay: boolean;
  recordingStartedAt: string | null;
  replayPlayers: number | null;
}) {
  const view = useGameStore((s) => s.view);
  // The first snapshot mounts the whole stage: as a transition, rendered in slices between which
  // the browser can paint and take input, not in one long task with the store's synchronous update.
  const tunedIn = useDeferredValue(view !== null);
  const roomUuid = view?.roomUuid ?? null;
  useRoomTheme(roomUuid);
  // Back in the lobby, the carousel shows the room of the game the player left.
  useEffect(() => {
    if (roomUuid) useLobbyStore.getState().selectRoom(roomUuid);
  }, [roomUuid]);
  const you = useGameStore((s) => s.you);
  const connection = useGameStore((s) => s.connection);
  // The kept show of a reload: shown, but nothing is picked or chosen from it (the final's
  // choice waits unsent, as offline, until the server's snapshot is in).
  const catchingUp = useGameStore((s) => s.catchingUp);
  const refusal = useGameStore((s) => s.refusal);
  const latencyMs = useGameStore((s) => s.latencyMs);
  const myChoice = useGameStore((s) => s.myChoice);
  const myPick = useGameStore((s) => s.myLuckyFatePick);
  const videoRef = useRef<HTMLVideoElement>(null);
  const muted = useMuted();
  const video = useHostVideo(videoRef, {
    source: view?.videoSource ?? null,
    preview,
    gameStartTime: view?.gameStartTime ?? null,
    recordingStartedAt,
  });
  const choice = useSendChoice(gameUuid);
  const luckyFate = usePickLuckyFate(gameUuid);
  const [sendingPick, setSendingPick] = useState<LuckyFatePick | null>(null);
  const [unsentChoice, setUnsentChoice] = useState<Choice | null>(null);
  const { mutate: mutateChoice } = choice;
  const sendChoice = useCallback(
    (next: Choice) =>
      mutateChoice(next, {
        onSuccess: () => {
          useGameStore.getState().setMyChoice(next);
          setUnsentChoice((unsent) => (unsent === next ? null : unsent));
        },
        onError: (error) => {
          // Lost on the way (offline, a server restarting): still unsent, sent again on reconnect.
          if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) return;
          setUnsentChoice((unsent) => (unsent === next ? null : unsent));
          toast.error(errorMessage(error));
        },
      }),
    [mutateChoice],
  );
  // Back online: the choice tapped meanwhile goes now (once per return, not in a loop).
  const unsent = useRef<{ choice: Choice | null; send: (next: Choice) => void }>({
    choice: null,
    send: sendChoice,
  });
  useEffect(() => {
    unsent.current = { choice: unsentChoice, send: sendChoice };
  }, [unsentChoice, sendChoice]);
  useEffect(() => {
    const { choice: waiting, send } = unsent.current;
    // Back after the counter: the final is closed, the choice is never sent (the results say so).
    if (connection === 'live' && waiting !== null && useGameStore.getState().view?.stage === 'ruthless')
      send(waiting);
  }, [connection]);

  const balls = useGameStore((s) => s.ballSequence);
  const called = useMemo(() => new Set(balls), [balls]);
  const lastBall = balls[balls.length - 1] ?? null;
  const callText = useCallText(lastBall);
  // The ball of the newest event shown live (not a catch-up's): the one that may drop in.
  const liveBall = useGameStore((s) => {
    const newest = s.recent[s.recent.length - 1];
    return newest?.event.type === 'ball-called' && !newest.replayed ? newest.event.ball : null;
  });

  if (connection === 'refused') {
    return (
      <div className={styles.problem} role="alert">
        <p className={styles.problemTitle}>Can’t join this show</p>
        <p>{refusal ?? 'Something went wrong. Please try again.'}</p>
        {!preview && <LinkButton to="/">Back to the lobby</LinkButton>}
      </div>
    );
  }

  // The video element exists from the first render so the stream can start with the screen.
  const me = you?.playerId ?? null;
  const stage: Stage = view?.stage ?? 'scheduled';
  const isPlayer = !preview && you !== null && you.ticket !== null;
  const isFinalist = isPlayer && !replay && !!view?.final?.finalists.some((f) => f.playerId === me);
  const liveStream = video.chosen?.kind === 'hls';
  const delayMs = latencyMs;
  const prizeBall = view?.reels?.prizeBall ?? null;
  const drawOn = ['draw', 'ruthless', 'reveal', 'ended'].includes(stage);

  const tuned = view !== null && tunedIn;

  const onChoose = (next: Choice) => {
    // Shown as not sent until the server has it; sent now if the line is up, else on reconnect.
    setUnsentChoice(next);
    if (connection === 'live') sendChoice(next);
  };

  const onPick = (pick: LuckyFatePick) => {
    setSendingPick(pick);
    luckyFate.mutate(pick, {
      onSuccess: () => useGameStore.getState().setMyLuckyFatePick(pick),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setSendingPick(null),
    });
  };

  return (
    <div className={styles.screen} data-stage={stage} data-testid="game-screen">
      <header className={styles.header}>
        <h1 className={styles.title} key={stage}>
          {view ? stageTitle[stage] : 'Live Game'}
        </h1>
        {connection === 'reconnecting' && (
          <span className={styles.reconnecting} role="status">
            <Spinner size={14} label="Reconnecting" /> Reconnecting…
          </span>
        )}
        {preview && <span className={styles.previewTag}>Preview · read-only</span>}
        {replay && <span className={styles.previewTag}>Watch again</span>}
      </header>

      {/* The studio: during the draw, the video and the status sit beside the current ball so the
          ball and the whole ticket fit a small phone's screen. One tree in every stage, so the
          video element is never remounted. */}
      <div className={styles.studio} data-layout={tuned && stage === 'draw' ? 'draw' : undefined}>
        <div className={styles.videoSlot}>
          <HostVideo
            videoRef={videoRef}
            chosen={video.chosen}
            error={video.error}
            stage={stage}
            muted={muted}
            preview={preview}
            latencyMs={latencyMs}
          />
        </div>
        {view && tunedIn && (
          <div className={styles.statusSlot}>
            <StatusBar view={view} delayMs={delayMs} compact={stage === 'draw'} />
          </div>
        )}
        {view && tunedIn && stage === 'draw' && (
          <div className={styles.ballSlot}>
            <CurrentBall
              balls={balls}
              callText={callText}
              prizeBall={prizeBall}
              paused={view.paused}
              dropIn={liveBall !== null && liveBall === lastBall}
            />
          </div>
        )}
      </div>

      {!view || !tunedIn ? (
        <div className={styles.tuning} role="status">
          <Spinner size={36} label="Loading" />
          <p>Tuning in to the show…</p>
        </div>
      ) : (
        <>
          {(stage === 'scheduled' || stage === 'green-room') && (
            <GreenRoom
              view={view}
              clockDelayMs={replay ? latencyMs : 0}
              players={replay ? replayPlayers : null}
            />
          )}
          {stage === 'reels' && <Reels view={view} delayMs={delayMs} />}
          {stage === 'lucky-fate' && (
            <LuckyFate
              view={view}
              canPick={isPlayer && !replay && !catchingUp}
              pick={myPick}
              sending={sendingPick}
              onPick={onPick}
              delayMs={delayMs}
            />
          )}
          {stage === 'ruthless' && (
            <RuthlessFinal
              view={view}
              me={me}
              isFinalist={isFinalist}
              myChoice={myChoice}
              unsentChoice={unsentChoice}
              offline={connection !== 'live'}
              sending={choice.isPending}
              onChoose={onChoose}
              clockDelayMs={replay ? latencyMs : 0}
            />
          )}
          {unsentChoice !== null && (stage === 'reveal' || stage === 'ended') && (
            <NeverSentNote
              choice={unsentChoice}
              played={view.result?.choices.find((c) => c.ticketIndex === you?.myTicket?.ticketIndex)}
            />
          )}
          {stage === 'ended' && <Results view={view} me={me} shownBalls={balls} />}
          {(stage === 'reveal' || stage === 'ended') && (
            <Reveal view={view} me={me} delayMs={delayMs} sound={!preview} />
          )}
          {stage === 'cancelled' && (
            <div className={styles.problem}>
              <p className={styles.problemTitle}>This show has been cancelled</p>
              <p>Your ticket has been released. See you at the next one!</p>
            </div>
          )}

          {prizeBall !== null && ['lucky-fate', 'draw'].includes(stage) && (
            <p className={styles.prizeBallNote}>
              <span aria-hidden="true">★</span> Prize ball <strong>{prizeBall}</strong> · Pot x
              {view.reels?.potMultiplier}
            </p>
          )}

          {isPlayer && you?.ticket && stage !== 'cancelled' && (
            <TicketCard
              grid={you.ticket}
              called={called}
              lastBall={lastBall}
              prizeBall={prizeBall}
              currentPrize={stage === 'draw' ? view.gameProgress.currentPrize : null}
              ticketIndex={you.myTicket?.ticketIndex}
            />
          )}
          {!isPlayer && !preview && !replay && stage !== 'ended' && stage !== 'cancelled' && (
            <p className={styles.spectator}>You are watching: no ticket for this show.</p>
          )}

          {stage === 'draw' && (
            <NearWinQueue
              queue={view.bingoTicketQueue}
              names={view.names}
              me={me}
              prize={view.gameProgress.currentPrize}
            />
          )}
          {drawOn && <CalledBoard balls={balls} prizeBall={prizeBall} />}

          <PrizeBanner view={view} me={me} delayMs={delayMs} sound={!preview} />
          <BallCaller voice={!liveStream && !preview} sound={!preview} />
        </>
      )}
      {!preview && <SoundRequiredModal videoRef={videoRef} />}
    </div>
  );
}
