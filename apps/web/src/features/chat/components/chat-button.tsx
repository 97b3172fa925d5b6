import { useEffect, useRef, useState } from 'react';
import { ChatIcon } from '@/components/ui/icons';
import { useChatStore } from '@/lib/chat/chat-store';
import round from '@/components/ui/round-button/round-button.module.css';
import styles from './chat-button.module.css';

export const chatPanelId = 'chat-panel';
/** The chat tooltip's delay (docs/player-app.md, Constants). */
export const CHAT_TOOLTIP_DELAY_MS = 2_000;

/** The footer's chat toggle: unread count while closed, and a tooltip after a 2 s hover or focus. */
export function ChatButton({ floating = false }: { floating?: boolean }) {
  const isOpen = useChatStore((state) => state.isOpen);
  const unread = useChatStore((state) => state.unread);
  const toggle = useChatStore((state) => state.toggle);
  const [tooltip, setTooltip] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const showLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTooltip(true), CHAT_TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setTooltip(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const label = isOpen ? 'Close chat' : unread > 0 ? `Chat, ${unread} unread` : 'Chat';
  return (
    <span className={[styles.wrap, floating ? styles.floating : ''].join(' ')}>
      <button
        type="button"
        className={[round.round, styles.button, isOpen ? styles.open : ''].join(' ')}
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={chatPanelId}
        data-chat-toggle=""
        onClick={() => {
          hide();
          toggle();
        }}
        onPointerEnter={showLater}
        onPointerLeave={hide}
        onFocus={showLater}
        onBlur={hide}
      >
        <ChatIcon />
        {!isOpen && unread > 0 && (
          <span className={styles.badge} data-testid="chat-unread" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {tooltip && (
        <span className={styles.tooltip} role="tooltip">
          {isOpen ? 'Hide the chat' : 'Chat with the room'}
        </span>
      )}
    </span>
  );
}
