import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSettingsSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `GET /api/operator/user`: the player's settings, shown on the profile. */
export const getProfile = () => api.get('/operator/user', { schema: userSettingsSchema });

// Its own key, apart from the start-up gate's copy, which decides whether the app opens at all.
export const profileQueryKey = ['profile'] as const;
/** The start-up gate's copy of the same settings (its alias badge), refreshed after a save. */
export const startUpSettingsQueryKey = ['defaultUserSettings'] as const;

export const getProfileQueryOptions = (playerUuid: string | null) =>
  queryOptions({
    queryKey: [...profileQueryKey, playerUuid],
    queryFn: getProfile,
    enabled: playerUuid !== null,
  });

export const useProfile = (playerUuid: string | null) => useQuery(getProfileQueryOptions(playerUuid));
