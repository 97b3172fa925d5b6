import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `GET /api/operator/user`: the player's settings, shown on the profile. */
export const getProfile = () => api.get<UserSettings>('/operator/user');

// The start-up gate reads the same settings under this key, so one fetch serves both and a save
// refreshes both.
export const profileQueryKey = ['defaultUserSettings'] as const;

export const getProfileQueryOptions = (playerUuid: string | null) =>
  queryOptions({
    queryKey: [...profileQueryKey, playerUuid],
    queryFn: getProfile,
    enabled: playerUuid !== null,
  });

export const useProfile = (playerUuid: string | null) => useQuery(getProfileQueryOptions(playerUuid));
