import { useQuery } from '@tanstack/react-query';
import type { GameReplay } from '@ruthless/protocol/replay';
import { api } from '@/lib/api-client';

/** `GET /api/replays/{gameUuid}`: an ended show's published log, setup and names (409 before the end). */
export function getReplay(gameUuid: string, signal?: AbortSignal): Promise<GameReplay> {
  return api.get(`/replays/${gameUuid}`, {
    schema: () => import('@ruthless/protocol/replay').then(({ gameReplaySchema }) => gameReplaySchema),
    signal,
  });
}

/** The replay of one show; `signedIn` is part of the key, since a signed-in answer names the ticket. */
export function useReplay(gameUuid: string, signedIn: boolean) {
  return useQuery({
    queryKey: ['game-replay', gameUuid, signedIn],
    queryFn: ({ signal }) => getReplay(gameUuid, signal),
    // An ended show never changes.
    staleTime: Infinity,
    retry: 1,
  });
}
