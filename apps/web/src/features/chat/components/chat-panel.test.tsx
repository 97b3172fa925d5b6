import type { ChatMessage } from '@ruthless/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '@/lib/chat/chat-store';
import { useSessionStore } from '@/stores/session-store';
import { CHAT_SEND_DEBOUNCE_MS, ChatPanel } from './chat-panel';

const gameUuid = 'game-1';
const roomUuid = 'room-1';
const me = 'player-me';
const now = Date.UTC(2026, 10, 22, 19, 0, 0);

const message = (seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  seq,
  messageUuid: `message-${seq}`,
  gameUuid,
  playerUuid: `player-${seq}`,
  alias: `Player ${seq}`,
  text: `message ${seq}`,
  sentAt: new Date(now + seq).toISOString(),
  fromHost: false,
  ...overrides,
});

/** The server's side of POST /api/chat: each text sent is stored and answered with its seq. */
function serveChat() {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const { chatContent } = JSON.parse(String(init.body)) as { chatContent: string };
      sent.push(chatContent);
      const stored = message(1000 + sent.length, { playerUuid: me, alias: 'Me', text: chatContent });
      return new Response(JSON.stringify({ message: stored }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

/** Messages arriving as the chat feed hands them over (a push, or a join's history). */
const receive = (messages: ChatMessage[], history = false) =>
  act(() => useChatStore.getState().receive(gameUuid, messages, { me, history }));

function renderPanel(readOnlyReason: string | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ChatPanel gameUuid={gameUuid} roomUuid={roomUuid} readOnlyReason={readOnlyReason} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('log', { name: 'Chat messages' }));
}

describe('ChatPanel', () => {
  beforeEach(() => {
    useSessionStore.setState({ playerUuid: me });
    useChatStore.getState().reset(gameUuid);
    useChatStore.getState().setOpen(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('keeps the newest 200 messages: older ones scroll away for good', () => {
    const log = renderPanel();
    const incoming = Array.from({ length: 250 }, (_, i) => message(i + 1));
    // In two pushes, the second out of order: the log is still in seq order.
    receive(incoming.slice(0, 120), true);
    receive(incoming.slice(120).reverse());

    const shown = log.getAllByText(/^message \d+$/).map((element) => element.textContent);
    expect(shown).toHaveLength(200);
    expect(shown[0]).toBe('message 51');
    expect(shown.at(-1)).toBe('message 250');
    expect(log.queryByText('message 50')).not.toBeInTheDocument();
  });

  it('shows a message pushed twice (a reconnect) once', () => {
    const log = renderPanel();
    receive([message(1), message(2)], true);
    receive([message(2), message(3)]);
    expect(log.getAllByText(/^message \d+$/).map((element) => element.textContent)).toEqual([
      'message 1',
      'message 2',
      'message 3',
    ]);
  });

  it('sends on Enter, shows the message as yours and clears the box', async () => {
    const sent = serveChat();
    const log = renderPanel();
    expect(log.getByText('No messages yet. Say hello!')).toBeInTheDocument();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Chat message' }), 'Hello studio{Enter}');

    expect(await log.findByText('Hello studio')).toBeInTheDocument();
    expect(log.getByText('You')).toBeInTheDocument();
    expect(sent).toEqual(['Hello studio']);
    expect(screen.getByRole('textbox', { name: 'Chat message' })).toHaveValue('');
  });

  it('ignores a second send within a second of the last (Enter or the button), then sends again', async () => {
    // Only Date is faked: the panel reads the time of a send from it, the rest runs as usual.
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const sent = serveChat();
    const log = renderPanel();
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Chat message' });

    await user.type(box, 'First{Enter}');
    await log.findByText('First');

    vi.setSystemTime(now + CHAT_SEND_DEBOUNCE_MS - 1);
    await user.type(box, 'Second{Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual(['First']);
    // Nothing was sent: the text stays in the box for the player to send again.
    expect(box).toHaveValue('Second');

    vi.setSystemTime(now + CHAT_SEND_DEBOUNCE_MS);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await log.findByText('Second');
    expect(sent).toEqual(['First', 'Second']);
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('sends nothing blank: the Send button stays off for spaces', async () => {
    const sent = serveChat();
    renderPanel();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Chat message' }), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('says why instead of the box when the player cannot send', () => {
    renderPanel('Buy a ticket to chat');
    expect(screen.getByText('Buy a ticket to chat')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Chat message' })).not.toBeInTheDocument();
  });
});
