import { useEffect } from 'react';
import type { ChatMessage } from '@ruthless/protocol';
import { useChatStore } from '@/lib/chat/chat-store';
import { useChatFeed } from '@/lib/chat/use-chat-feed';
import { useHostChat } from '../api/host-chat';

/**
 * The game's chat for the console, on the app's chat receiver (lib/chat, as players get it): the
 * moderation list (`GET /api/host/games/{id}/chat`, up to 200 messages) seeds it, then the
 * socket's messages, deletions and renames and each join's snapshot keep it, each message once.
 * Returns the callback that takes a join's snapshot (useLiveGame's `onChat`).
 */
export function useHostChatFeed(gameUuid: string): (snapshotChat: ChatMessage[]) => void {
  // First: its effect resets the store for this game before the list below goes in.
  const onSnapshot = useChatFeed(gameUuid);
  const chat = useHostChat(gameUuid);
  useEffect(() => {
    if (!chat.data) return;
    const store = useChatStore.getState();
    store.receive(gameUuid, chat.data.messages, { me: null, history: true });
    // The list names each author by their alias read now: a reset from this game's chat, which no
    // push announces, shows once the list is read again.
    const shown = new Map(store.messages.map((message) => [message.messageUuid, message.alias]));
    const renamed = new Map<string, string>();
    for (const message of chat.data.messages) {
      const alias = shown.get(message.messageUuid);
      if (!message.fromHost && alias !== undefined && alias !== message.alias)
        renamed.set(message.playerUuid, message.alias);
    }
    for (const [playerUuid, alias] of renamed) store.rename(gameUuid, playerUuid, alias);
  }, [gameUuid, chat.data]);
  return onSnapshot;
}
