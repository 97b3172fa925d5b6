import { queryOptions, useQuery } from '@tanstack/react-query';
import { playBreakStatusSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

export const playBreakQueryKey = ['playBreak'] as const;

/** `GET /api/safety/break`: the player's break or self-exclusion in force, or null. */
export const getPlayBreak = () => api.get('/safety/break', { schema: playBreakStatusSchema });

export const getPlayBreakQueryOptions = (playerUuid: string | null) =>
  queryOptions({
    queryKey: [...playBreakQueryKey, playerUuid],
    queryFn: getPlayBreak,
    enabled: playerUuid !== null,
  });

export const usePlayBreak = (playerUuid: string | null) => useQuery(getPlayBreakQueryOptions(playerUuid));
