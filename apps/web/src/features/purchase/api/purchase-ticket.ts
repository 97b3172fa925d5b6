import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { ClaimResponse, PurchaseBody } from '@ruthless/protocol';
import { trackEvent } from '@/lib/analytics';
import { api, errorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

export const TICKET_BOUGHT_MESSAGE = "You've successfully bought the ticket!";

/** `POST /purchase`: a ticket with a face-down lucky-fate card (0..2) for a pre-game game. */
export function purchaseTicket(body: PurchaseBody): Promise<ClaimResponse> {
  return api.post<ClaimResponse>('/purchase', body);
}

/**
 * The purchase mutation: on success a toast, the claim timed for analytics and the cached
 * 'activeTickets' and 'rooms' refreshed; on failure the server's message.
 */
export function usePurchaseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseTicket,
    onSuccess: async (_result, body) => {
      toast.success(TICKET_BOUGHT_MESSAGE);
      trackEvent('claimTime', { gameId: body.gameUuid, userId: useSessionStore.getState().playerUuid });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['activeTickets'] }),
        queryClient.invalidateQueries({ queryKey: ['rooms'] }),
      ]);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
