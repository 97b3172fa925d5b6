import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGameBody, HostGame, UpdateGameBody } from '@ruthless/protocol';
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
    ? api.patch<HostGame>(`/host/games/${input.gameUuid}`, input.body)
    : api.post<HostGame>(`/host/rooms/${input.roomUuid}/games`, input.body);
}

export function useSaveGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGame,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['host'] }),
  });
}
