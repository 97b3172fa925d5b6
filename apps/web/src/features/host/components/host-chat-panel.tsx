import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { getSocket } from '@/lib/socket';
import { hostChatQueryKey, useChatModeration, useHostChat, useSendHostChat } from '../api/host-chat';
import { useResetPlayerAlias } from '../api/reset-player-alias';
import { CHAT_MAX_LENGTH, type ChatMessage } from '@ruthless/protocol';
import { formatClock } from '../utils/time';
import { ConfirmButton } from './confirm-button';
import styles from './host-console.module.css';

type ChatData = { messages: ChatMessage[]; mutedPlayerUuids: string[] };

/**
 * The game's chat with the host's moderation (delete a message, mute or unmute its author), on
 * the chat contract: the list comes from `GET /api/host/games/{id}/chat`, then follows the game
 * room's `chat:messages` and `chat:deleted` events on the socket the live view already joined.
 */
export function HostChatPanel({
  gameUuid,
  roomUuid,
  chatOpen,
}: {
  gameUuid: string;
  /** The game's room, which a message names; unknown until the game is loaded. */
  roomUuid: string | undefined;
  /** From the green room until the results, as the server's rule (docs/chat.md). */
  chatOpen: boolean;
}) {
  const chat = useHostChat(gameUuid);
  const send = useSendHostChat(gameUuid);
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const { remove, mute } = useChatModeration(gameUuid);
  const resetAlias = useResetPlayerAlias();
  const queryClient = useQueryClient();

  useEffect(() => {
    const socket = getSocket() as unknown as {
      on(event: string, listener: (payload: never) => void): void;
      off(event: string, listener: (payload: never) => void): void;
    };
    const key = hostChatQueryKey(gameUuid);
    const onMessages = (payload: { gameUuid: string; messages: ChatMessage[] }) => {
      if (payload.gameUuid !== gameUuid) return;
      queryClient.setQueryData<ChatData>(key, (data) => {
        if (!data) return data;
        const known = new Set(data.messages.map((message) => message.messageUuid));
        const added = payload.messages.filter((message) => !known.has(message.messageUuid));
        return { ...data, messages: [...data.messages, ...added].slice(-200) };
      });
    };
    const onDeleted = (payload: { gameUuid: string; messageUuids: string[] }) => {
      if (payload.gameUuid !== gameUuid) return;
      const gone = new Set(payload.messageUuids);
      queryClient.setQueryData<ChatData>(key, (data) =>
        data
          ? { ...data, messages: data.messages.filter((message) => !gone.has(message.messageUuid)) }
          : data,
      );
    };
    socket.on('chat:messages', onMessages);
    socket.on('chat:deleted', onDeleted);
    return () => {
      socket.off('chat:messages', onMessages);
      socket.off('chat:deleted', onDeleted);
    };
  }, [gameUuid, queryClient]);

  const muted = new Set(chat.data?.mutedPlayerUuids ?? []);
  const messages = [...(chat.data?.messages ?? [])].reverse();
  const onError = (error: unknown) => toast.error(errorMessage(error));
  const onSend = (event: FormEvent) => {
    event.preventDefault();
    if (!roomUuid || send.isPending) return;
    setSendError(null);
    send.mutate(
      { gameUuid, roomUuid, chatContent: draft },
      { onSuccess: () => setDraft(''), onError: (error) => setSendError(errorMessage(error)) },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby="chat-title" style={{ flex: 1 }}>
      <header className={styles.panelHead}>
        <h2 id="chat-title" className={styles.panelTitle}>
          Chat
        </h2>
        <span className={styles.count}>{messages.length}</span>
      </header>
      {/* Scrolls: focusable, so a keyboard can scroll it too. */}
      <div className={styles.panelBody} tabIndex={0}>
        {chat.isError && (
          <p className={styles.empty}>
            {chat.error instanceof ApiError && chat.error.status === 404
              ? 'The chat is not available on this server.'
              : errorMessage(chat.error)}
          </p>
        )}
        {chat.isSuccess && messages.length === 0 && <p className={styles.empty}>No messages yet.</p>}
        <ol className={styles.list} aria-label="Chat messages">
          {messages.map((message) => {
            const isMuted = muted.has(message.playerUuid);
            return (
              <li key={message.messageUuid} className={styles.chatItem} data-muted={isMuted || undefined}>
                <span>
                  <strong>{message.alias}</strong>{' '}
                  {message.fromHost && <span className={styles.hostChip}>host</span>}{' '}
                  <span className={styles.muted}>{formatClock(message.sentAt)}</span>
                  {isMuted && <span className={styles.chip}>muted</span>}
                </span>
                <span className={styles.chatText}>{message.text}</span>
                <span className={styles.chatActions}>
                  <button
                    type="button"
                    className={`${styles.btn} ${styles.small} ${styles.danger}`}
                    aria-label={`Delete message from ${message.alias}`}
                    onClick={() => remove.mutate({ gameUuid, messageUuid: message.messageUuid }, { onError })}
                  >
                    Delete
                  </button>
                  {!message.fromHost && (
                    <button
                      type="button"
                      className={`${styles.btn} ${styles.small}`}
                      aria-label={`${isMuted ? 'Unmute' : 'Mute'} ${message.alias}`}
                      onClick={() =>
                        mute.mutate(
                          { gameUuid, playerUuid: message.playerUuid, muted: !isMuted },
                          { onError },
                        )
                      }
                    >
                      {isMuted ? 'Unmute' : 'Mute'}
                    </button>
                  )}
                  {!message.fromHost && (
                    <ConfirmButton
                      className={`${styles.btn} ${styles.small}`}
                      title={`Reset ${message.alias}'s alias?`}
                      message="Their chat name is cleared everywhere; they must choose a new one before they can chat again."
                      confirmLabel="Reset alias"
                      onConfirm={() =>
                        resetAlias.mutate(
                          { gameUuid, playerUuid: message.playerUuid },
                          {
                            onSuccess: () => toast.success('Alias reset.'),
                            onError,
                          },
                        )
                      }
                    >
                      Reset alias
                    </ConfirmButton>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <form className={styles.chatSend} onSubmit={onSend} aria-label="Message the players">
        <label className={styles.field}>
          Message as the host
          <input
            value={draft}
            maxLength={CHAT_MAX_LENGTH}
            placeholder={chatOpen ? 'Good luck, everyone!' : 'The chat opens with the green room.'}
            disabled={!chatOpen}
            onChange={(event) => setDraft(event.target.value)}
            aria-describedby={sendError ? 'host-chat-error' : undefined}
          />
        </label>
        <button
          type="submit"
          className={`${styles.btn} ${styles.primary}`}
          disabled={!chatOpen || !roomUuid || !draft.trim() || send.isPending}
          aria-busy={send.isPending || undefined}
        >
          Send
        </button>
        {sendError && (
          <p id="host-chat-error" className={styles.error} role="alert">
            {sendError}
          </p>
        )}
      </form>
    </section>
  );
}
