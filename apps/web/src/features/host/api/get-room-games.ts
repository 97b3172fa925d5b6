import { useQuery } from '@tanstack/react-query';
import { hostGameListSchema, type HostGame } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

export const roomGamesQueryKey = (roomUuid: string) => ['host', 'rooms', roomUuid, 'games'] as const;

/** `GET /api/host/rooms/{roomUuid}/games`: the room's games, latest start first. */
export async function getRoomGames(roomUuid: string): Promise<HostGame[]> {
  return (await api.get(`/host/rooms/${roomUuid}/games`, { schema: hostGameListSchema })).games;
}

export function useRoomGames(roomUuid: string) {
  return useQuery({ queryKey: roomGamesQueryKey(roomUuid), queryFn: () => getRoomGames(roomUuid) });
}
