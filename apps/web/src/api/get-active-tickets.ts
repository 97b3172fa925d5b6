import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveTicket } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

export const activeTicketsQueryKey = ['activeTickets'] as const;

/** `GET /purchases?unFinishedGames=true`: the player's tickets for games not ended. */
export function getActiveTickets({ signal }: { signal?: AbortSignal } = {}): Promise<ActiveTicket[]> {
  return api.get('/purchases', {
    schema: () =>
      import('@ruthless/protocol/tickets').then(({ purchasesResponseSchema }) => purchasesResponseSchema),
    query: { unFinishedGames: true },
    signal,
  });
}

export function getActiveTicketsQueryOptions() {
  return queryOptions({
    queryKey: activeTicketsQueryKey,
    queryFn: ({ signal }) => getActiveTickets({ signal }),
  });
}

/** The player's active tickets, cached as 'activeTickets' (asked for once signed in). */
export function useActiveTickets() {
  const signedIn = useSessionStore((state) => state.accessToken !== null);
  return useQuery({ ...getActiveTicketsQueryOptions(), enabled: signedIn });
}
