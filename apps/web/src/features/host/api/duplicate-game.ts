import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hostGameSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `POST /api/host/games/{gameUuid}/duplicate`: the same settings at a new start, a new seed. */
export function duplicateGame({ gameUuid, gameStartTime }: { gameUuid: string; gameStartTime: string }) {
  return api.post(`/host/games/${gameUuid}/duplicate`, { gameStartTime }, { schema: hostGameSchema });
}

export function useDuplicateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateGame,
    // Done or refused, the action is in the audit now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'] }),
  });
}
