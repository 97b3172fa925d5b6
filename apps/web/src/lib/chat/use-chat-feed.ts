import { useCallback, useEffect, useRef } from 'react';
import type {
  ChatDeletedPayload,
  ChatMessage,
  ChatMessagesPayload,
  PlayerRenamedPayload,
} from '@ruthless/protocol';
import { socketToListen } from '@/lib/socket';
import { useSessionStore } from '@/stores/session-store';
import { useChatStore } from './chat-store';

/**
 * Keeps a game's chat: pushed batches, deletions and renames from the game's socket room, plus the
 * snapshot's latest messages on every (re)join, which the returned callback takes in.
 */
export function useChatFeed(gameUuid: string): (snapshotChat: ChatMessage[]) => void {
  const joinedOnce = useRef(false);

  useEffect(() => {
    useChatStore.getState().reset(gameUuid);
    joinedOnce.current = false;
    const socket = socketToListen();
    const onMessages = (payload: ChatMessagesPayload) =>
      useChatStore.getState().receive(payload.gameUuid, payload.messages, {
        me: useSessionStore.getState().playerUuid,
        history: false,
      });
    const onDeleted = (payload: ChatDeletedPayload) =>
      useChatStore.getState().remove(payload.gameUuid, payload.messageUuids);
    // Their messages already shown take the new name too (a host's reset removes an offensive one).
    const onRenamed = (payload: PlayerRenamedPayload) =>
      useChatStore.getState().rename(payload.gameUuid, payload.playerUuid, payload.name);
    socket.on('chat:messages', onMessages);
    socket.on('chat:deleted', onDeleted);
    socket.on('player:renamed', onRenamed);
    return () => {
      socket.off('chat:messages', onMessages);
      socket.off('chat:deleted', onDeleted);
      socket.off('player:renamed', onRenamed);
    };
  }, [gameUuid]);

  return useCallback(
    (snapshotChat: ChatMessage[]) => {
      const store = useChatStore.getState();
      // A rejoin's snapshot can hold messages missed while away; ones already shown are dropped.
      const inSnapshot = new Set(snapshotChat.map((message) => message.messageUuid));
      const deletedMeanwhile = store.messages
        .filter((message) => message.seq >= (snapshotChat[0]?.seq ?? Infinity))
        .filter((message) => !inSnapshot.has(message.messageUuid))
        .map((message) => message.messageUuid);
      if (deletedMeanwhile.length) store.remove(gameUuid, deletedMeanwhile);
      store.receive(gameUuid, snapshotChat, {
        me: useSessionStore.getState().playerUuid,
        history: !joinedOnce.current,
      });
      joinedOnce.current = true;
    },
    [gameUuid],
  );
}
