import { queryOptions, useQuery } from '@tanstack/react-query';
import { myShowsResponseSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `GET /api/my-shows`: the player's ended games, newest first, with ticket and winnings. */
export const getMyShows = () => api.get('/my-shows', { schema: myShowsResponseSchema });

export const getMyShowsQueryOptions = (playerUuid: string | null) =>
  queryOptions({
    queryKey: ['myShows', playerUuid],
    queryFn: getMyShows,
    enabled: playerUuid !== null,
  });

export const useMyShows = (playerUuid: string | null) => useQuery(getMyShowsQueryOptions(playerUuid));
