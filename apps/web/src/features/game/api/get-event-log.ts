import { useQuery } from '@tanstack/react-query';
import { type GameEventLog } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `GET /api/games/{gameUuid}/events`: an ended game's stored event log with its seed (409 before). */
export function getEventLog(gameUuid: string, signal?: AbortSignal): Promise<GameEventLog> {
  return api.get(`/games/${gameUuid}/events`, {
    schema: () => import('@ruthless/protocol/live').then(({ gameEventLogSchema }) => gameEventLogSchema),
    signal,
  });
}

export function useEventLog(gameUuid: string) {
  return useQuery({
    queryKey: ['game-event-log', gameUuid],
    queryFn: ({ signal }) => getEventLog(gameUuid, signal),
    // An ended game's log never changes.
    staleTime: Infinity,
    retry: 2,
  });
}
