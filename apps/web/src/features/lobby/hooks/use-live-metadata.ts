import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { GameMetadata, Room } from '@ruthless/protocol';
import { listenOnDemand } from '@/lib/socket-on-demand';
import { roomsQueryKey } from '@/api/get-rooms';

/** The rooms with one game's live counts applied (the same array when nothing changes). */
export function applyMetadata(rooms: Room[], metadata: GameMetadata): Room[] {
  let changed = false;
  const next = rooms.map((room) => {
    if (room.roomUuid !== metadata.roomUuid) return room;
    const games = room.games.map((game) => {
      if (
        game.gameUuid !== metadata.gameUuid ||
        (game.ticketsAvailable === metadata.ticketsAvailable && game.maxTickets === metadata.maxTickets)
      ) {
        return game;
      }
      changed = true;
      return { ...game, ticketsAvailable: metadata.ticketsAvailable, maxTickets: metadata.maxTickets };
    });
    return changed ? { ...room, games } : room;
  });
  return changed ? next : rooms;
}

/**
 * Keeps the cached rooms' ticket counts live: the server pushes a game's metadata (docs/player-app.md's
 * `/Client/{gameUuid}/data/metadata`) to every viewer within a second of a claim.
 */
export function useLiveMetadata(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onMetadata = (metadata: GameMetadata) => {
      const state = queryClient.getQueryState<Room[]>(roomsQueryKey);
      if (!state?.data) return;
      // Keep the time of the last fetch: a pushed count is not a fresh list of rooms.
      queryClient.setQueryData<Room[]>(roomsQueryKey, (rooms) => rooms && applyMetadata(rooms, metadata), {
        updatedAt: state.dataUpdatedAt,
      });
    };
    return listenOnDemand('metadata', onMetadata);
  }, [queryClient]);
}
