import { useMutation } from '@tanstack/react-query';
import type { LuckyFatePick } from '@ruthless/game';
import { actOverSocketOrRest } from '@/lib/act-over-socket';
import { api } from '@/lib/api-client';
import { getIdentifiedSocket } from '@/lib/socket';

/** An in-game lucky-fate pick (card 0..2): `game:lucky-fate`, else `POST /api/games/{id}/lucky-fate`. */
export function pickLuckyFate(gameUuid: string, pick: LuckyFatePick): Promise<void> {
  return actOverSocketOrRest({
    socket: getIdentifiedSocket(),
    event: 'game:lucky-fate',
    request: { gameUuid, pick },
    overRest: () => api.post(`/games/${gameUuid}/lucky-fate`, { pick }),
  });
}

export function usePickLuckyFate(gameUuid: string) {
  return useMutation({ mutationFn: (pick: LuckyFatePick) => pickLuckyFate(gameUuid, pick) });
}
