import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { ClaimResponse, PurchaseBody } from '@ruthless/protocol';
import { trackEvent } from '@/lib/analytics';
import { api, errorMessage } from '@/lib/api-client';
import { beginClaim, endClaim } from '@/lib/claims-in-flight';
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
  const mutation = useMutation({
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
    // Set on the mutation itself, so it runs even when the screen has gone meanwhile.
    onSettled: (_result, _error, body) => endClaim(body.gameUuid),
  });
  /** Claims unless a claim for the game is already on its way (the button is busy until it settles). */
  const mutate: typeof mutation.mutate = (body, options) => {
    if (beginClaim(body.gameUuid)) mutation.mutate(body, options);
  };
  return { ...mutation, mutate };
}
