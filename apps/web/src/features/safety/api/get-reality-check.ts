import { queryOptions, useQuery } from '@tanstack/react-query';
import { realityCheckSchema } from '@ruthless/protocol/safety';
import { api } from '@/lib/api-client';

export const realityCheckQueryKey = ['realityCheck'] as const;

/** `GET /api/safety/reality-check`: the session's time, shows and winnings, from the server. */
export const getRealityCheck = () => api.get('/safety/reality-check', { schema: realityCheckSchema });

export const getRealityCheckQueryOptions = (playerUuid: string | null) =>
  queryOptions({
    queryKey: [...realityCheckQueryKey, playerUuid],
    queryFn: getRealityCheck,
    enabled: playerUuid !== null,
    // Figures of a moment: asked again when a check is due, never served stale.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const useRealityCheck = (playerUuid: string | null) =>
  useQuery(getRealityCheckQueryOptions(playerUuid));
