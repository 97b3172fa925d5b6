import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** `GET /api/operator/user`: the default user settings the start-up gate checks. */
export const getUserSettings = () =>
  api.get('/operator/user', {
    // Loaded beside the request, not with /login (zod; user.ts's input schemas would bring libphonenumber too).
    schema: () =>
      import('@ruthless/protocol/user-settings').then(({ userSettingsSchema }) => userSettingsSchema),
  });

export const userSettingsQueryKey = ['defaultUserSettings'] as const;

export const getUserSettingsQueryOptions = (playerUuid: string | null) =>
  queryOptions({
    queryKey: [...userSettingsQueryKey, playerUuid],
    queryFn: getUserSettings,
    enabled: playerUuid !== null,
    // A refusal will not change on retry; a network hiccup may.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3,
  });

export const useUserSettings = (playerUuid: string | null) =>
  useQuery(getUserSettingsQueryOptions(playerUuid));
