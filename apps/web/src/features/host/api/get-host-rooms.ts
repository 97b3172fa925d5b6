import { useQuery } from '@tanstack/react-query';
import { hostRoomListSchema, type HostRoom } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

export const hostRoomsQueryKey = ['host', 'rooms'] as const;

/** `GET /api/host/rooms`: every room, archived ones included. */
export async function getHostRooms(): Promise<HostRoom[]> {
  return (await api.get('/host/rooms', { schema: hostRoomListSchema })).rooms;
}

export function useHostRooms() {
  return useQuery({ queryKey: hostRoomsQueryKey, queryFn: getHostRooms });
}
