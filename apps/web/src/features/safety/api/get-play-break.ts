import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const playBreakQueryKey = ['playBreak'] as const;

/**
 * `GET /api/safety/break`: the player's break or self-exclusion in force, or null. The lobby asks
 * too: its schema loads with the answer, so zod stays off the lobby's first load (route budgets).
 */
export const getPlayBreak = () =>
  api.get('/safety/break', {
    schema: () =>
      import('@ruthless/protocol/safety').then(({ playBreakStatusSchema }) => playBreakStatusSchema),
  });

export const getPlayBreakQueryOptions = (playerUuid: string | null) =>
  queryOptions({
    queryKey: [...playBreakQueryKey, playerUuid],
    queryFn: getPlayBreak,
    enabled: playerUuid !== null,
  });

export const usePlayBreak = (playerUuid: string | null) => useQuery(getPlayBreakQueryOptions(playerUuid));
