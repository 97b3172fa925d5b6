import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export type HostControl = 'open-green-room' | 'start' | 'draw' | 'pause' | 'resume' | 'end';

export interface HostControlIntent {
  gameUuid: string;
  action: HostControl;
  /** One per click: the server acts once per key, so a retry or a repeat never acts twice. */
  key: string;
}

/** `POST /api/host/games/{gameUuid}/{action}`: a live control; the game's events show the effect. */
export function hostControl({ gameUuid, action, key }: HostControlIntent) {
  return api.post(`/host/games/${gameUuid}/${action}`, undefined, { headers: { 'Idempotency-Key': key } });
}

export function useHostControl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hostControl,
    // A lost answer is retried once with the same key: the server acts only if the first never arrived.
    retry: (failures, error) => failures < 1 && error instanceof ApiError && error.status === 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host', 'audit'] }),
  });
}
