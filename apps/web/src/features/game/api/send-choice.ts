import { useMutation } from '@tanstack/react-query';
import type { Choice } from '@ruthless/game';
import type { ActResult } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { gameSocket } from '@/lib/live-game/game-socket';

const ACT_TIMEOUT_MS = 5_000;

/**
 * A finalist's SHARE or STEAL: over the socket when it is up, else `POST /api/games/{id}/choice`.
 * The server takes the same choice twice as one, so a retry is safe.
 */
export async function sendChoice(gameUuid: string, choice: Choice): Promise<void> {
  const socket = gameSocket();
  if (socket.connected) {
    let result: ActResult | undefined;
    try {
      result = await socket.timeout(ACT_TIMEOUT_MS).emitWithAck('game:choice', { gameUuid, choice });
    } catch {
      // No answer in time: fall through to the REST mirror.
    }
    if (result?.ok) return;
    if (result && !result.ok) throw new Error(result.message);
  }
  await api.post(`/games/${gameUuid}/choice`, { choice });
}

export function useSendChoice(gameUuid: string) {
  return useMutation({ mutationFn: (choice: Choice) => sendChoice(gameUuid, choice), retry: 1 });
}
