import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type HostControl = 'open-green-room' | 'start' | 'draw' | 'pause' | 'resume' | 'end';

/** `POST /api/host/games/{gameUuid}/{action}`: a live control; the game's events show the effect. */
export function hostControl({ gameUuid, action }: { gameUuid: string; action: HostControl }) {
  return api.post(`/host/games/${gameUuid}/${action}`);
}

export function useHostControl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hostControl,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host', 'audit'] }),
  });
}
