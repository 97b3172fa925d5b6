import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { ClaimResponse, ClaimTicketBody, PurchaseBody } from '@ruthless/protocol';
import { trackEvent } from '@/lib/analytics';
import { api, errorMessage } from '@/lib/api-client';
import { beginClaim, endClaim } from '@/lib/claims-in-flight';
import { OFFERS_NOTIFICATIONS } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';
import { activeTicketsQueryKey } from './get-active-tickets';
import { roomsQueryKey } from './get-rooms';

export const TICKET_BOUGHT_MESSAGE = "You've successfully bought the ticket!";

/**
 * One claim, two endpoints: `POST /purchase` with the lucky-fate card picked before the game
 * (0..2), `POST /claim-ticket` for a game whose card is picked in the game.
 */
export function claimTicket(body: ClaimTicketBody | PurchaseBody): Promise<ClaimResponse> {
  const path = 'luckyFateCard' in body ? '/purchase' : '/claim-ticket';
  return api.post(path, body, {
    schema: () => import('@ruthless/protocol/tickets').then(({ claimResponseSchema }) => claimResponseSchema),
  });
}

/**
 * The claim mutation of docs/player-app.md (Start-up gate), for the lobby's claim and the
 * purchase page alike: on success a toast, the claim timed for analytics and the active tickets
 * (and the rooms' counts) refreshed; on failure the server's message.
 */
export function useClaimTicket() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: claimTicket,
    meta: OFFERS_NOTIFICATIONS,
    onSuccess: async (_result, body) => {
      toast.success(TICKET_BOUGHT_MESSAGE);
      trackEvent('claimTime', { gameId: body.gameUuid, userId: useSessionStore.getState().playerUuid });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: activeTicketsQueryKey }),
        queryClient.invalidateQueries({ queryKey: roomsQueryKey }),
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
