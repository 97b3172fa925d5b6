import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useChatStore } from '@/lib/chat/chat-store';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/form-field';
import { useChatModeration, useHostChat, useSendHostChat } from '../api/host-chat';
import { useResetPlayerAlias } from '../api/reset-player-alias';
import { CHAT_MAX_LENGTH } from '@ruthless/protocol/chat-messages';
import { formatClock } from '../utils/time';
import { ConfirmButton } from './confirm-button';
import shared from './host-console.module.css';
import styles from './host-chat-panel.module.css';

/**
 * The game's chat with the host's moderation (delete a message, mute or unmute its author, reset
 * their alias) and the host's own line. The messages are the app's chat receiver's (lib/chat),
 * which the live view feeds (useHostChatFeed); who is muted comes with the moderation list, and
 * is listed on its own: a muted player whose messages were deleted can still be unmuted.
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
  const mutedPlayers = chat.data?.mutedPlayers ?? [];
  const muted = new Set(mutedPlayers.map((player) => player.playerUuid));
  const messages = [...useChatStore((state) => state.messages)].reverse();
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
    <section className={shared.panel} aria-labelledby="chat-title" style={{ flex: 1 }}>
      <header className={shared.panelHead}>
        <h2 id="chat-title" className={shared.panelTitle}>
          Chat
        </h2>
        <span className={shared.count}>{messages.length}</span>
      </header>
      {mutedPlayers.length > 0 && (
        <section className={styles.mutedPlayers} aria-labelledby="muted-title">
          <h3 id="muted-title" className={styles.mutedTitle}>
            Muted in this show
          </h3>
          <ul className={shared.list} aria-labelledby="muted-title">
            {mutedPlayers.map((player) => (
              <li key={player.playerUuid} className={styles.mutedPlayer}>
                <span>
                  <strong>{player.alias}</strong>{' '}
                  <span className={shared.muted}>since {formatClock(player.mutedAt)}</span>
                </span>
                <Button
                  variant="glass"
                  size="sm"
                  aria-label={`Unmute ${player.alias}`}
                  onClick={() =>
                    mute.mutate({ gameUuid, playerUuid: player.playerUuid, muted: false }, { onError })
                  }
                >
                  Unmute
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* Scrolls: focusable, so a keyboard can scroll it too. */}
      <div className={shared.panelBody} tabIndex={0}>
        {chat.isError && (
          <p className={shared.empty}>
            {chat.error instanceof ApiError && chat.error.status === 404
              ? 'The chat is not available on this server.'
              : errorMessage(chat.error)}
          </p>
        )}
        {chat.isSuccess && messages.length === 0 && <p className={shared.empty}>No messages yet.</p>}
        <ol className={shared.list} aria-label="Chat messages">
          {messages.map((message) => {
            const isMuted = muted.has(message.playerUuid);
            return (
              <li key={message.messageUuid} className={styles.chatItem} data-muted={isMuted || undefined}>
                <span>
                  <strong>{message.alias}</strong>{' '}
                  {message.fromHost && <span className={styles.hostChip}>host</span>}{' '}
                  <span className={shared.muted}>{formatClock(message.sentAt)}</span>
                  {isMuted && <span className={`${shared.chip} ${styles.mutedChip}`}>muted</span>}
                </span>
                <span className={styles.chatText}>{message.text}</span>
                <span className={styles.chatActions}>
                  <Button
                    variant="ruby"
                    size="sm"
                    aria-label={`Delete message from ${message.alias}`}
                    onClick={() => remove.mutate({ gameUuid, messageUuid: message.messageUuid }, { onError })}
                  >
                    Delete
                  </Button>
                  {!message.fromHost && (
                    <Button
                      variant="glass"
                      size="sm"
                      aria-label={`${isMuted ? 'Unmute' : 'Mute'} ${message.alias}`}
                      onClick={() =>
                        mute.mutate(
                          { gameUuid, playerUuid: message.playerUuid, muted: !isMuted },
                          { onError },
                        )
                      }
                    >
                      {isMuted ? 'Unmute' : 'Mute'}
                    </Button>
                  )}
                  {!message.fromHost && (
                    <ConfirmButton
                      size="sm"
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
        <Field label="Message as the host">
          <input
            value={draft}
            maxLength={CHAT_MAX_LENGTH}
            placeholder={chatOpen ? 'Good luck, everyone!' : 'The chat opens with the green room.'}
            disabled={!chatOpen}
            onChange={(event) => setDraft(event.target.value)}
            aria-describedby={sendError ? 'host-chat-error' : undefined}
          />
        </Field>
        <Button
          type="submit"
          disabled={!chatOpen || !roomUuid || !draft.trim() || send.isPending}
          aria-busy={send.isPending || undefined}
        >
          Send
        </Button>
        {sendError && <FormAlert id="host-chat-error">{sendError}</FormAlert>}
      </form>
    </section>
  );
}
