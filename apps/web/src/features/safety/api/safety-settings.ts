import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { safetySettingsSchema, type SafetySettingsBody } from '@ruthless/protocol/safety';
import { api } from '@/lib/api-client';

export const safetySettingsQueryKey = ['safetySettings'] as const;

/** `GET /api/safety/settings`: the reality-check interval and the reminder of every show. */
export const getSafetySettings = () => api.get('/safety/settings', { schema: safetySettingsSchema });

export const useSafetySettings = (playerUuid: string | null) =>
  useQuery(
    queryOptions({
      queryKey: [...safetySettingsQueryKey, playerUuid],
      queryFn: getSafetySettings,
      enabled: playerUuid !== null,
    }),
  );

/** `PUT /api/safety/settings`: either or both (the server checks 15 to 120 minutes). */
export function useUpdateSafetySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SafetySettingsBody) =>
      api.put('/safety/settings', change, { schema: safetySettingsSchema }),
    onSuccess: (settings) => {
      queryClient.setQueriesData({ queryKey: safetySettingsQueryKey }, settings);
      // The reality check's timer follows the new interval.
      return queryClient.invalidateQueries({ queryKey: ['realityCheck'] });
    },
  });
}
