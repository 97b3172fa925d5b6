import { useMutation } from '@tanstack/react-query';
import type { Choice } from '@ruthless/game';
import { actOverSocketOrRest } from '@/lib/act-over-socket';
import { api } from '@/lib/api-client';
import { getIdentifiedSocket } from '@/lib/socket';

/**
 * A finalist's SHARE or STEAL: over the socket when it is up, else `POST /api/games/{id}/choice`.
 * The server takes the same choice twice as one, so a retry is safe.
 */
export function sendChoice(gameUuid: string, choice: Choice): Promise<void> {
  return actOverSocketOrRest({
    socket: getIdentifiedSocket(),
    event: 'game:choice',
    request: { gameUuid, choice },
    overRest: () => api.post(`/games/${gameUuid}/choice`, { choice }),
  });
}

export function useSendChoice(gameUuid: string) {
  // No retry here: a choice lost offline waits for the reconnect (game-screen.tsx).
  return useMutation({ mutationFn: (choice: Choice) => sendChoice(gameUuid, choice), retry: 0 });
}
