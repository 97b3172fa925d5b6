import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hostRoomSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { hostRoomsQueryKey } from './get-host-rooms';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hostRoomsQueryKey }),
  });
}
