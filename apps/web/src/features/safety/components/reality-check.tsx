import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMatch, useNavigate } from 'react-router';
import type { RealityCheck as RealityCheckFigures } from '@ruthless/protocol/safety';
import { useGameStore } from '@/lib/live-game/game-store';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import { getRealityCheckQueryOptions } from '../api/get-reality-check';
import { nextRealityCheckInMs, realityCheckHeld } from '../reality-check-timing';
import { useSafetySettings } from '../api/safety-settings';

// The modal's code (and its words) loads when a check is due: the lobby's first load stays small.
const RealityCheckModal = lazy(async () => ({
  default: (await import('./reality-check-modal')).RealityCheckModal,
}));

/**
 * Reality checks (docs/player-app.md, "Reality checks"): every interval of the session since
 * sign-in (the server's figures say when that was) a modal shows the time played, the shows
 * joined and the winnings, all asked of the server when it is due. Mounted once by the
 * signed-in shell; nothing in preview mode.
 */
export function RealityCheck() {
  const playerUuid = useSessionStore((state) => state.playerUuid);
  const isPreview = useClientStore((state) => state.isPreview);
  const interval = useSafetySettings(playerUuid).data?.realityCheckMinutes;
  const onGame = useMatch('/game/:id') !== null;
  const holding = useGameStore((state) => realityCheckHeld(onGame, state.gameState));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [due, setDue] = useState<RealityCheckFigures | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!playerUuid || isPreview || interval === null) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const figures = () => queryClient.fetchQuery(getRealityCheckQueryOptions(playerUuid)).catch(() => null);
    void figures().then((now) => {
      if (cancelled || !now || now.realityCheckMinutes === null) return;
      timer = setTimeout(
        () => {
          void figures().then((fresh) => {
            if (!cancelled && fresh && fresh.realityCheckMinutes !== null) setDue(fresh);
          });
        },
        nextRealityCheckInMs(now.playedMs, now.realityCheckMinutes),
      );
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [playerUuid, isPreview, interval, round, queryClient]);

  if (!due || holding) return null;
  const close = () => {
    setDue(null);
    setRound((value) => value + 1);
  };
  return (
    <Suspense fallback={null}>
      <RealityCheckModal
        figures={due}
        onKeepPlaying={close}
        onTakeABreak={() => {
          close();
          void navigate('/profile#take-a-break');
        }}
      />
    </Suspense>
  );
}
