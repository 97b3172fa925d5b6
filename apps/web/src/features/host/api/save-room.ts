import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hostRoomSchema, type HostRoom, type Theme } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

export interface RoomFields {
  name: string;
  theme: Theme;
  roomImage: string;
}

/** `POST /api/host/rooms` (new) or `PATCH /api/host/rooms/{roomUuid}` (edit). */
export function saveRoom({ roomUuid, ...fields }: RoomFields & { roomUuid?: string }): Promise<HostRoom> {
  return roomUuid
    ? api.patch(`/host/rooms/${roomUuid}`, fields, { schema: hostRoomSchema })
    : api.post('/host/rooms', fields, { schema: hostRoomSchema });
}

export function useSaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRoom,
    // Done or refused, the action is in the audit now: the rooms and the audit are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'] }),
  });
}
