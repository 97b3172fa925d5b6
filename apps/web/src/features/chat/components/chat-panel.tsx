import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { CHAT_MAX_LENGTH } from '@ruthless/protocol/chat-messages';
import { errorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { useSendChatMessage } from '../api/send-chat-message';
import { useChatStore } from '@/lib/chat/chat-store';
import { chatPanelId } from './chat-button';
import styles from './chat-panel.module.css';

/** The chat send debounce (docs/player-app.md, Constants): a send (Enter or the button) within this long of the last one does nothing. */
export const CHAT_SEND_DEBOUNCE_MS = 1_000;
/** Within this many pixels of the bottom the log follows new messages. */
const STICK_PX = 32;

export interface ChatPanelProps {
  gameUuid: string;
  roomUuid: string | null;
  /** Why the player cannot send (preview, no ticket, not open yet, over), or null when they can. */
  readOnlyReason: string | null;
  /** A short sheet, while the player has seconds to act (the lucky fate, the final). */
  compact?: boolean;
}

/**
 * The chat over the game screen (above the footer, below the current ball): alias and text,
 * newest at the bottom, kept scrolled to the newest unless the player scrolled up. A click
 * outside it and the chat button closes it.
 */
export function ChatPanel({ gameUuid, roomUuid, readOnlyReason, compact = false }: ChatPanelProps) {
  const isOpen = useChatStore((state) => state.isOpen);
  const setOpen = useChatStore((state) => state.setOpen);
  const messages = useChatStore((state) => state.messages);
  const me = useSessionStore((state) => state.playerUuid);
  const send = useSendChatMessage();
  const [draft, setDraft] = useState('');
  const lastSend = useRef(0);
  const panel = useRef<HTMLElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const input = useRef<HTMLInputElement>(null);

  // A click (or tap) outside the panel and the chat button hides the chat.
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || panel.current?.contains(target) || target.closest('[data-chat-toggle]')) return;
      setOpen(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('keydown', onKey);
    };
  }, [isOpen, setOpen]);

  useEffect(() => {
    if (isOpen) {
      stick.current = true;
      input.current?.focus({ preventScroll: true });
    }
  }, [isOpen]);

  useLayoutEffect(() => {
    const element = log.current;
    if (element && isOpen && stick.current) element.scrollTop = element.scrollHeight;
  }, [messages, isOpen]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || !roomUuid || readOnlyReason) return;
    const now = Date.now();
    if (now - lastSend.current < CHAT_SEND_DEBOUNCE_MS) return;
    lastSend.current = now;
    stick.current = true;
    send.mutate(
      { gameUuid, roomUuid, playerName: '', chatContent: text },
      {
        onSuccess: ({ message }) => {
          setDraft((current) => (current.trim() === text ? '' : current));
          useChatStore.getState().receive(gameUuid, [message], { me, history: false });
        },
        onError: (error) => toast.error(errorMessage(error), { toastId: 'chat-refused' }),
      },
    );
  };

  return (
    <section
      ref={panel}
      id={chatPanelId}
      className={[styles.panel, isOpen ? styles.open : '', compact ? styles.compact : ''].join(' ')}
      data-compact={compact || undefined}
      aria-label="Chat"
      hidden={!isOpen}
      data-testid="chat-panel"
    >
      <header className={styles.header}>
        <h2 className={styles.title}>Live Chat</h2>
        <button type="button" className={styles.close} aria-label="Close chat" onClick={() => setOpen(false)}>
          ×
        </button>
      </header>
      {/* A log, not a list: its role replaces a list's, so its entries are not list items. */}
      <div
        ref={log}
        className={styles.log}
        role="log"
        aria-label="Chat messages"
        aria-live="polite"
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
        }}
      >
        {messages.length === 0 && <div className={styles.empty}>No messages yet. Say hello!</div>}
        {messages.map((message) => {
          const mine = me !== null && message.playerUuid === me;
          return (
            <div
              key={message.messageUuid}
              className={[styles.message, mine ? styles.mine : '', message.fromHost ? styles.host : ''].join(
                ' ',
              )}
              data-testid="chat-message"
            >
              <span className={styles.who}>
                {message.fromHost && <span className={styles.tag}>HOST</span>}
                {mine && <span className={styles.tag}>You</span>}
                <span className={styles.alias}>{message.alias}</span>
              </span>
              {/* React renders text, never markup: '<img …>' shows as those characters. */}
              <span className={styles.text}>{message.text}</span>
            </div>
          );
        })}
      </div>
      {readOnlyReason ? (
        <p className={styles.readOnly}>{readOnlyReason}</p>
      ) : (
        <form className={styles.form} onSubmit={submit}>
          <input
            ref={input}
            className={styles.input}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={CHAT_MAX_LENGTH}
            placeholder="Say something nice…"
            aria-label="Chat message"
            enterKeyHint="send"
            autoComplete="off"
          />
          <button type="submit" className={styles.send} disabled={!draft.trim()}>
            Send
          </button>
        </form>
      )}
    </section>
  );
}
