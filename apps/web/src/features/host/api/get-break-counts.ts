import { queryOptions, useQuery } from '@tanstack/react-query';
import { hostBreakCountsSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `GET /api/host/safety/breaks`: how many players are on a break or self-excluded, never who. */
export const getBreakCounts = () => api.get('/host/safety/breaks', { schema: hostBreakCountsSchema });

export const useBreakCounts = () =>
  useQuery(
    queryOptions({ queryKey: ['host', 'breakCounts'], queryFn: getBreakCounts, refetchInterval: 60_000 }),
  );
