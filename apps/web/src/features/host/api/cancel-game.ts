import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hostGameSchema, type HostGame } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `POST /api/host/games/{gameUuid}/cancel`: tickets released, holders told. */
export function cancelGame(gameUuid: string): Promise<HostGame> {
  return api.post(`/host/games/${gameUuid}/cancel`, undefined, { schema: hostGameSchema });
}

export function useCancelGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGame,
    // Done or refused, the action is in the audit now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'] }),
  });
}
