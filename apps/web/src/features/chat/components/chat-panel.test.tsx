import {
  CHAT_MUTED_MESSAGE,
  ChatErrorCode,
  chatMessageSchema,
  type ChatMessage,
  type ServerToClientEvents,
} from '@ruthless/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '@/lib/chat/chat-store';
import { useChatFeed } from '@/lib/chat/use-chat-feed';
import { useSessionStore } from '@/stores/session-store';
import { expectNoAxeViolations } from '@test/axe';
import { renderWithApp, serveApi } from '@test/app';
import { ChatButton } from './chat-button';
import { CHAT_SEND_DEBOUNCE_MS, ChatPanel } from './chat-panel';

/**
 * The socket at the edge: the chat feed's listeners, and `push` to deliver a server event to them
 * as the game's socket room does.
 */
const fakeSocket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on(event: string, listener: (payload: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    off(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener);
    },
    push(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listening: (event: string) => listeners.get(event)?.size ?? 0,
  };
});
vi.mock('@/lib/socket', () => ({ getSocket: () => fakeSocket, socketToListen: () => fakeSocket }));

/** A server push to the game's room, typed as the protocol's event map says. */
const push = <E extends keyof ServerToClientEvents>(
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
) => act(() => fakeSocket.push(event, payload));

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
// The bodies follow the protocol's schema.
chatMessageSchema.parse(message(1));

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

/** The game screen's chat: the footer's button, the panel and the feed that fills them. */
function ChatOnScreen({ onSnapshot }: { onSnapshot: (take: (chat: ChatMessage[]) => void) => void }) {
  const takeSnapshot = useChatFeed(gameUuid);
  onSnapshot(takeSnapshot);
  return (
    <>
      <h1>Green Room</h1>
      <ChatButton />
      <ChatPanel gameUuid={gameUuid} roomUuid={roomUuid} readOnlyReason={null} />
    </>
  );
}

function renderChatOnScreen() {
  let takeSnapshot: (chat: ChatMessage[]) => void = () => {};
  const view = renderWithApp(<ChatOnScreen onSnapshot={(take) => (takeSnapshot = take)} />, {
    path: `/game/${gameUuid}`,
  });
  const snapshot = (chat: ChatMessage[]) => act(() => takeSnapshot(chat));
  // The footer's toggle (the panel's own × is also named Close chat).
  const chatButton = () => screen.getAllByRole('button', { name: /^(Chat|Close chat)/ })[0]!;
  const log = () => within(screen.getByRole('log', { name: 'Chat messages', hidden: true }));
  return { ...view, snapshot, chatButton, log };
}

describe('the chat on the game screen', () => {
  beforeEach(() => {
    useSessionStore.setState({ playerUuid: me });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it("counts others' messages while closed on the button, not its own nor the join's history; opening clears it", async () => {
    const { snapshot, chatButton } = renderChatOnScreen();
    // The join's recent messages are history, not unread.
    snapshot([message(1), message(2)]);
    expect(chatButton()).toHaveAccessibleName('Chat');
    expect(screen.queryByTestId('chat-unread')).not.toBeInTheDocument();

    push('chat:messages', { gameUuid, messages: [message(3, { alias: 'Amy' })] });
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('1');
    expect(chatButton()).toHaveAccessibleName('Chat, 1 unread');
    // My own message (sent from my other phone) is not unread; another game's is not shown.
    push('chat:messages', { gameUuid, messages: [message(4, { playerUuid: me })] });
    push('chat:messages', { gameUuid: 'other-game', messages: [message(5)] });
    expect(chatButton()).toHaveAccessibleName('Chat, 1 unread');

    const user = userEvent.setup();
    await user.click(chatButton());
    expect(chatButton()).toHaveAccessibleName('Close chat');
    expect(chatButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByTestId('chat-unread')).not.toBeInTheDocument();
    // Open, a new message is read as it comes.
    push('chat:messages', { gameUuid, messages: [message(6)] });
    await user.click(chatButton());
    expect(chatButton()).toHaveAccessibleName('Chat');
  });

  it('caps the count at 99+', () => {
    renderChatOnScreen();
    push('chat:messages', { gameUuid, messages: Array.from({ length: 120 }, (_, i) => message(i + 1)) });
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('99+');
    expect(screen.getByRole('button', { name: 'Chat, 120 unread' })).toBeInTheDocument();
  });

  it('shows others under their alias, mine as You, the host tagged; markup as its characters', async () => {
    const { snapshot, log, container } = renderChatOnScreen();
    const markup = '<img src=x onerror=alert(1)>';
    snapshot([
      message(1, { alias: 'Amy', text: 'Hello from Amy!' }),
      message(2, { playerUuid: me, alias: 'Ben', text: 'Hi Amy, good luck!' }),
      message(3, { alias: 'Quizmaster', text: 'Welcome all', fromHost: true }),
      message(4, { alias: 'Amy', text: markup }),
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chat' }));
    const rows = log().getAllByTestId('chat-message');
    expect(rows[0]).toHaveTextContent('AmyHello from Amy!');
    expect(rows[0]).not.toHaveTextContent('You');
    expect(rows[1]).toHaveTextContent('YouBenHi Amy, good luck!');
    expect(rows[2]).toHaveTextContent('HOSTQuizmasterWelcome all');
    // Text, never markup: the characters show and no element is made of them.
    expect(rows[3]).toHaveTextContent(markup);
    expect(container.querySelector('img')).toBeNull();
    await expectNoAxeViolations();
  });

  it('takes a message the host deleted off the screen, and keeps it off when its copy comes late', async () => {
    const { snapshot, log } = renderChatOnScreen();
    snapshot([message(1, { text: 'keep me' }), message(2, { text: 'this one goes' })]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chat' }));
    expect(log().getByText('this one goes')).toBeInTheDocument();

    push('chat:deleted', { gameUuid, messageUuids: ['message-2'] });
    expect(log().queryByText('this one goes')).not.toBeInTheDocument();
    expect(log().getByText('keep me')).toBeInTheDocument();
    // A reconnect's batch or snapshot that still carries it does not bring it back.
    push('chat:messages', { gameUuid, messages: [message(2, { text: 'this one goes' })] });
    snapshot([message(1, { text: 'keep me' }), message(2, { text: 'this one goes' })]);
    expect(log().queryByText('this one goes')).not.toBeInTheDocument();
  });

  it('a rejoin shows what was said while away once each, and drops what was deleted meanwhile', async () => {
    const { snapshot, log } = renderChatOnScreen();
    snapshot([message(1, { text: 'before' }), message(2, { text: 'deleted while away' })]);
    // Back online: the join's snapshot lacks message 2 (the host deleted it) and brings message 3.
    snapshot([message(1, { text: 'before' }), message(3, { text: 'said while Ben was away' })]);
    expect(screen.getByRole('button', { name: 'Chat, 1 unread' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /^Chat/ }));
    expect(
      log()
        .getAllByTestId('chat-message')
        .map((row) => row.textContent),
    ).toEqual(['Player 1before', 'Player 3said while Ben was away']);
  });

  it("puts a rename on the player's messages already shown, never on the host's", async () => {
    const { snapshot, log } = renderChatOnScreen();
    snapshot([
      message(1, { playerUuid: 'amy', alias: 'Amy', text: 'hello from the green room' }),
      message(2, { playerUuid: 'amy', alias: 'Host Amy', text: 'as the host', fromHost: true }),
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chat' }));
    push('player:renamed', { gameUuid, playerUuid: 'amy', name: 'Amelia', aliasReset: false });
    expect(
      log()
        .getAllByTestId('chat-message')
        .map((row) => row.textContent),
    ).toEqual(['Ameliahello from the green room', 'HOSTHost Amyas the host']);
  });

  it('stops listening when the screen goes', () => {
    const { unmount } = renderChatOnScreen();
    expect(fakeSocket.listening('chat:messages')).toBe(1);
    unmount();
    for (const event of ['chat:messages', 'chat:deleted', 'player:renamed'])
      expect(fakeSocket.listening(event)).toBe(0);
  });

  it("sends the text trimmed; a muted player's send is refused with the host's message and stays in the box", async () => {
    const answers: { status: number; body: unknown }[] = [
      { status: 201, body: { message: message(10, { playerUuid: me, text: 'Hello from Amy!' }) } },
      {
        status: 403,
        body: { statusCode: 403, code: ChatErrorCode.muted, message: CHAT_MUTED_MESSAGE },
      },
    ];
    const api = serveApi({ 'POST /api/chat': () => answers.shift()! });
    const { log } = renderChatOnScreen();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    const box = screen.getByRole('textbox', { name: 'Chat message' });

    await user.type(box, '   Hello from Amy!   {Enter}');
    expect(await log().findByText('Hello from Amy!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/chat')[0]!.body).toMatchObject({
      gameUuid,
      roomUuid,
      chatContent: 'Hello from Amy!',
    });
    await waitFor(() => expect(box).toHaveValue(''));

    // The next send, past the debounce, meets the host's mute.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + CHAT_SEND_DEBOUNCE_MS);
    await user.type(box, 'can anyone hear me?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(CHAT_MUTED_MESSAGE);
    expect(box).toHaveValue('can anyone hear me?');
    expect(log().queryByText('can anyone hear me?')).not.toBeInTheDocument();
    expect(api.unanswered).toEqual([]);
  });

  it('closes on a click outside it and its button, and on Escape; a click inside keeps it open', async () => {
    renderChatOnScreen();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    const panel = screen.getByRole('region', { name: 'Chat' });
    expect(panel).toBeVisible();
    // Opening puts the cursor in the box.
    expect(screen.getByRole('textbox', { name: 'Chat message' })).toHaveFocus();

    await user.click(screen.getByRole('log', { name: 'Chat messages' }));
    expect(panel).toBeVisible();
    await user.click(screen.getByRole('heading', { name: 'Green Room' }));
    expect(panel).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Chat' }));
    expect(panel).toBeVisible();
    await user.keyboard('{Escape}');
    expect(panel).not.toBeVisible();
  });
});
