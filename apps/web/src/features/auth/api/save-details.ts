import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsSchema, type DetailsForm } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { userSettingsQueryKey } from './get-user-settings';

/** `PUT /api/operator/user/details`: the mandatory details form. */
export const saveDetails = (details: DetailsForm) =>
  api.put('/operator/user/details', details, { schema: userSettingsSchema });

/** Saves, then refetches the settings (docs/player-app.md (Start-up gate)). */
export function useSaveDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSettingsQueryKey }),
  });
}
