import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPERATOR, type Room } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** The public `GET /api/rooms?operator=enlivon`, for the landing's 'Upcoming Shows'. */
export const getUpcomingShows = () => api.get<Room[]>('/rooms', { query: { operator: OPERATOR } });

export const getUpcomingShowsQueryOptions = () =>
  queryOptions({
    // Its own key: the lobby's 'rooms' query may shape its data differently.
    queryKey: ['rooms', 'upcoming-shows'],
    queryFn: getUpcomingShows,
    refetchInterval: 30_000,
  });

export const useUpcomingShows = () => useQuery(getUpcomingShowsQueryOptions());
