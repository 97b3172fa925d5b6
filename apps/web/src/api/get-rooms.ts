import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '@ruthless/protocol';
import { OPERATOR } from '@ruthless/protocol/auth-messages';
import { api } from '@/lib/api-client';
import { useServerClockStore } from '@/stores/server-clock-store';

/** docs/player-app.md (Constants): the lobby asks for the rooms again every 30 s. */
export const ROOMS_REFETCH_INTERVAL_MS = 30_000;

export const roomsQueryKey = ['rooms'] as const;

/** `GET /rooms?operator=enlivon`: the operator's rooms with their upcoming games. */
export async function getRooms({ signal }: { signal?: AbortSignal } = {}): Promise<Room[]> {
  const rooms = await api.get('/rooms', {
    schema: () => import('@ruthless/protocol/rooms').then(({ roomsResponseSchema }) => roomsResponseSchema),
    query: { operator: OPERATOR },
    signal,
  });
  // Each response is stamped with the server's clock: correct countdowns for this device's skew.
  if (rooms[0]) useServerClockStore.getState().setFromServerTime(rooms[0].serverTime);
  return rooms;
}

export function getRoomsQueryOptions() {
  return queryOptions({
    queryKey: roomsQueryKey,
    queryFn: ({ signal }) => getRooms({ signal }),
    refetchInterval: ROOMS_REFETCH_INTERVAL_MS,
  });
}

/** The rooms, cached as 'rooms' and refetched every 30 s while a screen shows them. */
export function useRooms() {
  return useQuery(getRoomsQueryOptions());
}
