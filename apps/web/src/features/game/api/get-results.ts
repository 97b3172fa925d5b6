import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GameResults } from '@ruthless/protocol';
import { api, ApiError } from '@/lib/api-client';

export const resultsQueryKey = (gameUuid: string) => ['game-results', gameUuid] as const;

/** `GET /api/games/{gameUuid}/results`: the published results with the seed (409 before the end). */
export function getResults(gameUuid: string, signal?: AbortSignal): Promise<GameResults> {
  return api.get(`/games/${gameUuid}/results`, {
    schema: () => import('@ruthless/protocol/live').then(({ gameResultsSchema }) => gameResultsSchema),
    signal,
  });
}

export function resultsQueryOptions(gameUuid: string) {
  return queryOptions({
    queryKey: resultsQueryKey(gameUuid),
    queryFn: ({ signal }) => getResults(gameUuid, signal),
    // The results never change once published.
    staleTime: Infinity,
    // 409: the server has not finished the game yet (the screen may be a step ahead): ask again.
    retry: (count, error) =>
      count < 8 && (!(error instanceof ApiError) || error.status === 409 || error.status >= 500),
    retryDelay: (count) => Math.min(500 * 2 ** count, 5_000),
  });
}

export function useResults(gameUuid: string, enabled: boolean) {
  return useQuery({ ...resultsQueryOptions(gameUuid), enabled });
}
