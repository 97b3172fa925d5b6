import { useMutation } from '@tanstack/react-query';
import type { LuckyFatePick } from '@ruthless/game';
import type { ActResult } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { gameSocket } from '@/lib/live-game/game-socket';

const ACT_TIMEOUT_MS = 5_000;

/** An in-game lucky-fate pick (card 0..2): `game:lucky-fate`, else `POST /api/games/{id}/lucky-fate`. */
export async function pickLuckyFate(gameUuid: string, pick: LuckyFatePick): Promise<void> {
  const socket = gameSocket();
  if (socket.connected) {
    let result: ActResult | undefined;
    try {
      result = await socket.timeout(ACT_TIMEOUT_MS).emitWithAck('game:lucky-fate', { gameUuid, pick });
    } catch {
      // No answer in time: fall through to the REST mirror.
    }
    if (result?.ok) return;
    if (result && !result.ok) throw new Error(result.message);
  }
  await api.post(`/games/${gameUuid}/lucky-fate`, { pick });
}

export function usePickLuckyFate(gameUuid: string) {
  return useMutation({ mutationFn: (pick: LuckyFatePick) => pickLuckyFate(gameUuid, pick) });
}
