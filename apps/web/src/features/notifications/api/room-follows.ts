import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoomFollows } from '@ruthless/protocol/push';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

export const roomFollowsQueryKey = ['roomFollows'] as const;

/** `GET /api/push/follows`: the rooms the player follows (asked for once signed in). */
export function useRoomFollows() {
  const signedIn = useSessionStore((state) => state.accessToken !== null);
  return useQuery({
    queryKey: roomFollowsQueryKey,
    queryFn: ({ signal }) =>
      api.get('/push/follows', {
        // The schema (and zod) load with the answer, not with the lobby's first paint.
        schema: () => import('@ruthless/protocol/push').then(({ roomFollowsSchema }) => roomFollowsSchema),
        signal,
      }),
    enabled: signedIn,
  });
}

/**
 * `PUT|DELETE /api/push/follows/{roomUuid}`: follows a room or stops. The button shows the new
 * state at once; a refusal puts the old one back.
 */
export function useFollowRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomUuid, follow }: { roomUuid: string; follow: boolean }) =>
      follow ? api.put(`/push/follows/${roomUuid}`) : api.delete(`/push/follows/${roomUuid}`),
    onMutate: async ({ roomUuid, follow }) => {
      await queryClient.cancelQueries({ queryKey: roomFollowsQueryKey });
      const before = queryClient.getQueryData<RoomFollows>(roomFollowsQueryKey);
      const others = (before?.roomUuids ?? []).filter((uuid) => uuid !== roomUuid);
      queryClient.setQueryData<RoomFollows>(roomFollowsQueryKey, {
        roomUuids: follow ? [...others, roomUuid] : others,
      });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(roomFollowsQueryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomFollowsQueryKey }),
  });
}
