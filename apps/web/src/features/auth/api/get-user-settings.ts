import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '@ruthless/protocol';
import { ApiError, api } from '@/lib/api-client';

/** `GET /api/operator/user`: the default user settings the start-up gate checks. */
export const getUserSettings = () => api.get<UserSettings>('/operator/user');

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
