import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hostGameSchema, type CreateGameBody, type HostGame, type UpdateGameBody } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

/**
 * `POST /api/host/rooms/{roomUuid}/games` (schedule) or `PATCH /api/host/games/{gameUuid}`
 * (change before the start).
 */
export function saveGame(
  input:
    | { roomUuid: string; gameUuid?: undefined; body: CreateGameBody }
    | { roomUuid: string; gameUuid: string; body: UpdateGameBody },
): Promise<HostGame> {
  return input.gameUuid
    ? api.patch(`/host/games/${input.gameUuid}`, input.body, { schema: hostGameSchema })
    : api.post(`/host/rooms/${input.roomUuid}/games`, input.body, { schema: hostGameSchema });
}

export function useSaveGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGame,
    // Done or refused, the action is in the audit now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'] }),
  });
}
