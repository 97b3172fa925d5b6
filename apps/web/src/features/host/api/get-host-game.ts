import { useQuery } from '@tanstack/react-query';
import { hostGameSchema, type HostGame } from '@ruthless/protocol';
import { api } from '@/lib/api-client';

export const hostGameQueryKey = (gameUuid: string) => ['host', 'games', gameUuid] as const;

/** `GET /api/host/games/{gameUuid}`: one game's settings and commitment. */
export function getHostGame(gameUuid: string): Promise<HostGame> {
  return api.get(`/host/games/${gameUuid}`, { schema: hostGameSchema });
}

export function useHostGame(gameUuid: string) {
  return useQuery({ queryKey: hostGameQueryKey(gameUuid), queryFn: () => getHostGame(gameUuid) });
}
