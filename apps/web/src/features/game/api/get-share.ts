import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareSummary } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

export const shareQueryKey = (gameUuid: string) => ['game-share', gameUuid] as const;

/**
 * `GET /api/games/{gameUuid}/share`: an ended show's room, its public results page and its link
 * preview (404 for any other game). No sign-in.
 */
export function getShare(gameUuid: string, signal?: AbortSignal): Promise<ShareSummary> {
  return api.get(`/games/${gameUuid}/share`, {
    schema: () => import('@ruthless/protocol/live').then(({ shareSummarySchema }) => shareSummarySchema),
    signal,
  });
}

export function shareQueryOptions(gameUuid: string) {
  return queryOptions({
    queryKey: shareQueryKey(gameUuid),
    queryFn: ({ signal }) => getShare(gameUuid, signal),
    // An ended show's page never moves; a 404 is an answer, not a hiccup.
    staleTime: Infinity,
    retry: false,
  });
}

export function useShare(gameUuid: string, enabled = true) {
  return useQuery({ ...shareQueryOptions(gameUuid), enabled });
}
