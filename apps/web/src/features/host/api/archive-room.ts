import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HostRoom } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { hostRoomsQueryKey } from './get-host-rooms';

/** `POST /api/host/rooms/{roomUuid}/archive` or `/restore`. */
export function archiveRoom({ roomUuid, archived }: { roomUuid: string; archived: boolean }) {
  return api.post<HostRoom>(`/host/rooms/${roomUuid}/${archived ? 'archive' : 'restore'}`);
}

export function useArchiveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveRoom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hostRoomsQueryKey }),
  });
}
