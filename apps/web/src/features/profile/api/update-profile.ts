import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsSchema, type ProfileUpdate } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { profileQueryKey, startUpSettingsQueryKey } from './get-profile';

/** `PATCH /api/operator/user`: the profile modal's alias, phone number and default choice. */
export const updateProfile = (update: ProfileUpdate) =>
  api.patch('/operator/user', update, { schema: userSettingsSchema });

/** Saves, then refetches the profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: startUpSettingsQueryKey }),
      ]),
  });
}
