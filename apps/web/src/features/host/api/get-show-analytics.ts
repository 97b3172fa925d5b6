import { useQuery } from '@tanstack/react-query';
import { showAnalyticsSchema, type ShowAnalytics } from '@ruthless/protocol/analytics';
import { api } from '@/lib/api-client';

export const showAnalyticsQueryKey = (gameUuid: string) => ['host', 'analytics', 'games', gameUuid] as const;

/** `GET /api/host/analytics/games/{gameUuid}`: one show's figures. */
export async function getShowAnalytics(gameUuid: string): Promise<ShowAnalytics> {
  return api.get(`/host/analytics/games/${gameUuid}`, { schema: showAnalyticsSchema });
}

export function useShowAnalytics(gameUuid: string) {
  return useQuery({ queryKey: showAnalyticsQueryKey(gameUuid), queryFn: () => getShowAnalytics(gameUuid) });
}
