import { useQueryClient } from '@tanstack/react-query';
import { format } from '@/lib/dates';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import type { ActiveTicket, GameCancelledPayload, Room } from '@ruthless/protocol';
import { listenOnDemand } from '@/lib/socket-on-demand';
import { activeTicketsQueryKey } from '@/api/get-active-tickets';
import { roomsQueryKey } from '@/api/get-rooms';

export function cancelledGameMessage(roomName: string | undefined, gameStartTime: string): string {
  const start = format(new Date(gameStartTime), 'h:mma dd/MM/yy');
  return `The ${start} game${roomName ? ` in ${roomName}` : ''} has been cancelled. Your ticket has been released.`;
}

/**
 * A host cancelled a game: it leaves the lobby, and a player who held a ticket for it is told
 * (the server releases the ticket).
 */
export function useCancelledGames(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onCancelled = (payload: GameCancelledPayload) => {
      const tickets = queryClient.getQueryData<ActiveTicket[]>(activeTicketsQueryKey) ?? [];
      if (tickets.some((ticket) => ticket.gameUuid === payload.gameUuid)) {
        const room = queryClient
          .getQueryData<Room[]>(roomsQueryKey)
          ?.find((candidate) => candidate.roomUuid === payload.roomUuid);
        toast.warning(cancelledGameMessage(room?.name, payload.gameStartTime), {
          toastId: `cancelled-${payload.gameUuid}`,
        });
      }
      void queryClient.invalidateQueries({ queryKey: roomsQueryKey });
      void queryClient.invalidateQueries({ queryKey: activeTicketsQueryKey });
    };
    return listenOnDemand('game-cancelled', onCancelled);
  }, [queryClient]);
}
