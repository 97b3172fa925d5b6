import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushPreferences } from '@ruthless/protocol/push';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

export const pushPreferencesQueryKey = ['pushPreferences'] as const;

const preferencesSchema = () =>
  import('@ruthless/protocol/push').then(({ pushPreferencesSchema }) => pushPreferencesSchema);

/** `GET /api/push/preferences`: the kinds of notification the player wants, on every phone. */
export function usePushPreferences() {
  const signedIn = useSessionStore((state) => state.accessToken !== null);
  return useQuery({
    queryKey: pushPreferencesQueryKey,
    queryFn: ({ signal }) => api.get('/push/preferences', { schema: preferencesSchema, signal }),
    enabled: signedIn,
  });
}

/** `PUT /api/push/preferences`: the switches as they are now. */
export function useSetPushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PushPreferences) =>
      api.put('/push/preferences', preferences, { schema: preferencesSchema }),
    onSuccess: (preferences) => queryClient.setQueryData(pushPreferencesQueryKey, preferences),
  });
}
