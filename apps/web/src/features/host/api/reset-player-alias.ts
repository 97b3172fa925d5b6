import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /api/host/games/{gameUuid}/players/{playerUuid}/reset-alias`: the player must choose a new
 * chat name. Sent from the game's chat, so the game's audit lists it.
 */
export function resetPlayerAlias({ gameUuid, playerUuid }: { gameUuid: string; playerUuid: string }) {
  return api.post(`/host/games/${gameUuid}/players/${playerUuid}/reset-alias`);
}

export function useResetPlayerAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPlayerAlias,
    // The chat shows the alias read now (gone once reset), and the audit has a new line.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'] }),
  });
}
