import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playBreakStatusSchema, type PlayBreakPeriod } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { playBreakQueryKey } from './get-play-break';

/** `POST /api/safety/break`: starts a break or a self-exclusion (it cannot be undone). */
export const takePlayBreak = (period: PlayBreakPeriod) =>
  api.post('/safety/break', { period }, { schema: playBreakStatusSchema });

export function useTakePlayBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takePlayBreak,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playBreakQueryKey }),
  });
}
