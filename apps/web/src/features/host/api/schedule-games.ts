import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleResultSchema, type ScheduleBody } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `POST /api/host/rooms/{roomUuid}/schedule`: a repeating schedule in the host's time zone. */
export function scheduleGames({ roomUuid, body }: { roomUuid: string; body: ScheduleBody }) {
  return api.post(`/host/rooms/${roomUuid}/schedule`, body, { schema: scheduleResultSchema });
}

export function useScheduleGames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleGames,
    // Done or refused, the action is in the audit now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'] }),
  });
}
