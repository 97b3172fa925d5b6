import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hostChatResponseSchema, sendChatResponseSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { useChatStore } from '@/lib/chat/chat-store';

export const hostChatQueryKey = (gameUuid: string) => ['host', 'chat', gameUuid] as const;

/** `GET /api/host/games/{gameUuid}/chat`: the last 200 messages and who is muted. */
export function getHostChat(gameUuid: string) {
  return api.get(`/host/games/${gameUuid}/chat`, { schema: hostChatResponseSchema });
}

export function useHostChat(gameUuid: string) {
  return useQuery({
    queryKey: hostChatQueryKey(gameUuid),
    queryFn: () => getHostChat(gameUuid),
    retry: false,
  });
}

/** `DELETE /api/host/games/{gameUuid}/chat/{messageUuid}`: gone for everyone. */
export function deleteChatMessage({ gameUuid, messageUuid }: { gameUuid: string; messageUuid: string }) {
  return api.delete(`/host/games/${gameUuid}/chat/${messageUuid}`);
}

/** `PUT` (mute) or `DELETE` (unmute) `/api/host/games/{gameUuid}/mutes/{playerUuid}`. */
export function setMuted({
  gameUuid,
  playerUuid,
  muted,
}: {
  gameUuid: string;
  playerUuid: string;
  muted: boolean;
}) {
  const path = `/host/games/${gameUuid}/mutes/${playerUuid}`;
  return muted ? api.put(path) : api.delete(path);
}

export function useChatModeration(gameUuid: string) {
  const queryClient = useQueryClient();
  // Refused or not, the action is in the game's audit now.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: hostChatQueryKey(gameUuid) }),
      queryClient.invalidateQueries({ queryKey: ['host', 'audit'] }),
    ]);
  return {
    remove: useMutation({ mutationFn: deleteChatMessage, onSettled: refresh }),
    mute: useMutation({ mutationFn: setMuted, onSettled: refresh }),
  };
}

/** `POST /api/chat` as the host: the message shows in every player's chat, marked as the host's. */
export function sendHostChat(body: { gameUuid: string; roomUuid: string; chatContent: string }) {
  return api.post('/chat', body, { schema: sendChatResponseSchema });
}

export function useSendHostChat(gameUuid: string) {
  return useMutation({
    mutationFn: sendHostChat,
    // Shown at once; the socket's copy of it is recognised by its seq and not added twice.
    onSuccess: ({ message }) =>
      useChatStore.getState().receive(gameUuid, [message], { me: null, history: true }),
  });
}
