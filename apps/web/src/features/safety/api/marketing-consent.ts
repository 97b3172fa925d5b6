import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketingConsentSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

const marketingQueryKey = ['marketingConsent'] as const;

/** `GET /api/safety/marketing`: the marketing choice in force, with its time and words. */
export const getMarketingConsent = () => api.get('/safety/marketing', { schema: marketingConsentSchema });

export const useMarketingConsent = (playerUuid: string | null) =>
  useQuery(
    queryOptions({
      queryKey: [...marketingQueryKey, playerUuid],
      queryFn: getMarketingConsent,
      enabled: playerUuid !== null,
    }),
  );

/** `PUT /api/safety/marketing`: give or withdraw it. */
export function useSetMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (given: boolean) =>
      api.put('/safety/marketing', { given }, { schema: marketingConsentSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingQueryKey }),
  });
}
