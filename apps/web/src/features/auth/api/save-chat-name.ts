import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsSchema, type ChatName, type UserSettings } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { userSettingsQueryKey } from './get-user-settings';

/**
 * `PATCH /api/operator/user` with a new chat name and the player's stored phone number and
 * default choice (the profile update needs all three).
 */
export const saveChatName = ({ alias }: ChatName, settings: UserSettings) =>
  api.patch(
    '/operator/user',
    { alias, phoneNumber: settings.phoneNumber, ruthlessChoice: settings.defaultChoice },
    { schema: userSettingsSchema },
  );

/** Saves, then refetches the settings: the start-up gate closes the dialog once it has a name. */
export function useSaveChatName(settings: UserSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: ChatName) => saveChatName(name, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSettingsQueryKey }),
  });
}
