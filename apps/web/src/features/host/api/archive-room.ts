import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hostRoomSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/** `POST /api/host/rooms/{roomUuid}/archive` or `/restore`. */
export function archiveRoom({ roomUuid, archived }: { roomUuid: string; archived: boolean }) {
  return api.post(`/host/rooms/${roomUuid}/${archived ? 'archive' : 'restore'}`, undefined, {
    schema: hostRoomSchema,
  });
}

export function useArchiveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveRoom,
    // Done or refused, the action is in the audit now: the rooms and the audit are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'] }),
  });
}
