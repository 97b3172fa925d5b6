import type { AuditEntry, ChatMessage } from '@ruthless/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '@/lib/chat/chat-store';
import { useGameStore } from '@/lib/live-game/game-store';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp, serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { auditEntry, chatMessage, FakeShow, FakeSocket, GAME, hostGame, ROOM, tokenWith } from '@test/host';
import { LiveScreen } from './live-screen';

// The console's chat panel on the live screen: the game's chat as it arrives (the moderation list,
// then the socket's pushes), the host's delete, mute, unmute and alias reset, and the host's own
// line. The trip through the real chat to a player's phone is the browser journey's.

const socketBox = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@/lib/socket', () => ({
  getSocket: () => socketBox.current,
  socketToListen: () => socketBox.current,
  getIdentifiedSocket: () => socketBox.current,
}));

let socket: FakeSocket;
let show: FakeShow;

/** The server's side of the game's chat and audit: what the host's actions change. */
function serveChat(initial: ChatMessage[], routes: Record<string, ApiHandler> = {}) {
  const server = {
    messages: [...initial],
    /** Muted player → their name and when (the server keeps names even when no message is left). */
    muted: new Map<string, { alias: string; mutedAt: string }>(),
    audit: [] as AuditEntry[],
  };
  const record = (action: string, targetId: string, targetAlias: string) =>
    server.audit.unshift(auditEntry({ action, gameUuid: GAME, targetId, targetAlias }));
  const aliasOf = (playerUuid: string) =>
    server.messages.find((message) => message.playerUuid === playerUuid)?.alias ?? '';
  const api = serveApi({
    'GET /api/host/games/:gameUuid': () => ({ body: hostGame({ state: show.state.stage }) }),
    'GET /api/host/games/:gameUuid/chat': () => ({
      body: {
        messages: server.messages,
        mutedPlayers: [...server.muted].map(([playerUuid, { alias, mutedAt }]) => ({
          playerUuid,
          alias,
          mutedAt,
        })),
      },
    }),
    'GET /api/host/audit': () => ({ body: { entries: server.audit } }),
    'DELETE /api/host/games/:gameUuid/chat/:messageUuid': (_call, { messageUuid = '' }) => {
      const gone = server.messages.find((message) => message.messageUuid === messageUuid)!;
      server.messages = server.messages.filter((message) => message !== gone);
      record('DELETE /api/host/games/:gameUuid/chat/:messageUuid', messageUuid, gone.alias);
      return { status: 204 };
    },
    'PUT /api/host/games/:gameUuid/mutes/:playerUuid': (_call, { playerUuid = '' }) => {
      server.muted.set(playerUuid, { alias: aliasOf(playerUuid), mutedAt: new Date().toISOString() });
      record('PUT /api/host/games/:gameUuid/mutes/:playerUuid', playerUuid, aliasOf(playerUuid));
      return { status: 204 };
    },
    'DELETE /api/host/games/:gameUuid/mutes/:playerUuid': (_call, { playerUuid = '' }) => {
      server.muted.delete(playerUuid);
      record('DELETE /api/host/games/:gameUuid/mutes/:playerUuid', playerUuid, aliasOf(playerUuid));
      return { status: 204 };
    },
    'POST /api/host/games/:gameUuid/players/:playerUuid/reset-alias': (_call, { playerUuid = '' }) => {
      record(
        'POST /api/host/games/:gameUuid/players/:playerUuid/reset-alias',
        playerUuid,
        aliasOf(playerUuid),
      );
      server.messages = server.messages.map((message) =>
        message.playerUuid === playerUuid ? { ...message, alias: 'Player 7f3a' } : message,
      );
      return { status: 204 };
    },
    ...routes,
  });
  return { api, server };
}

function renderLive() {
  renderWithApp(<LiveScreen />, { path: `/host/games/${GAME}`, route: '/host/games/:gameUuid' });
}

const chatList = () => screen.getByRole('list', { name: 'Chat messages' });
const item = (text: string) =>
  within(chatList())
    .queryAllByRole('listitem')
    .filter((li) => li.textContent?.includes(text));

// Long for a component test: each renders a whole screen and runs axe on it, seconds on a loaded
// two-core machine.
describe('HostChatPanel', { timeout: 30_000 }, () => {
  beforeEach(() => {
    socket = new FakeSocket();
    socketBox.current = socket;
    show = new FakeShow(socket);
    show.before(show.claim('player-cat', 'CatFan'), { type: 'green-room-opened' });
    useSessionStore.setState({ accessToken: tokenWith({ role: 'host' }) });
    useGameStore.getState().reset(GAME);
    useChatStore.getState().reset(GAME);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('shows the chat live, newest first, under each player’s alias; delete, mute and unmute, each in the audit', async () => {
    const hello = chatMessage({ seq: 1, text: 'Hello host, is this thing on?' });
    const { api, server } = serveChat([hello]);
    renderLive();
    expect(await screen.findByText('Hello host, is this thing on?')).toBeInTheDocument();
    expect(item('Hello host')[0]).toHaveTextContent('CatFan');
    expect(screen.getByText('No host actions yet.')).toBeInTheDocument();

    // Pushed, not read again: the second message shows at once, above the first.
    const second = chatMessage({ seq: 2, text: 'Second message, stays' });
    server.messages.push(second);
    socket.push('chat:messages', { gameUuid: GAME, messages: [second] });
    expect(
      within(chatList())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Second message, stays'),
      expect.stringContaining('Hello host, is this thing on?'),
    ]);
    await expectNoAxeViolations();
    const user = userEvent.setup();

    // Delete: the server removes it and tells every screen.
    await user.click(
      within(item('Hello host')[0]!).getByRole('button', { name: 'Delete message from CatFan' }),
    );
    await waitFor(() =>
      expect(api.callsTo('DELETE', `/api/host/games/${GAME}/chat/message-1`)).toHaveLength(1),
    );
    socket.push('chat:deleted', { gameUuid: GAME, messageUuids: ['message-1'] });
    expect(item('Hello host')).toEqual([]);
    expect(item('Second message, stays')).toHaveLength(1);

    // Mute: marked muted, and the button turns to unmute.
    await user.click(within(item('Second message')[0]!).getByRole('button', { name: 'Mute CatFan' }));
    const unmute = await within(chatList()).findByRole('button', { name: 'Unmute CatFan' });
    expect(item('Second message')[0]).toHaveTextContent('muted');
    await expectNoAxeViolations();

    await user.click(unmute);
    await within(chatList()).findByRole('button', { name: 'Mute CatFan' });
    expect(item('Second message')[0]).not.toHaveTextContent('muted');
    expect(screen.queryByRole('list', { name: 'Muted in this show' })).not.toBeInTheDocument();

    // The game's audit lists the three, newest first, each done, each naming whom it concerned.
    const audit = screen.getByRole('list', { name: 'Host actions' });
    await waitFor(() => expect(within(audit).getAllByRole('listitem')).toHaveLength(3));
    const [unmuted, muted, deleted] = within(audit).getAllByRole('listitem');
    expect(unmuted).toHaveTextContent('Player unmuted · CatFan');
    expect(muted).toHaveTextContent('Player muted · CatFan');
    expect(deleted).toHaveTextContent('Chat message deleted · by CatFan');
    for (const entry of [unmuted, muted, deleted]) expect(entry).toHaveTextContent('204');
    expect(api.unanswered).toEqual([]);
  });

  it('lists the muted players of the show, even one whose messages were all deleted, and unmutes them there', async () => {
    const { api, server } = serveChat([chatMessage({ seq: 1, text: 'what a nice show' })]);
    server.muted.set('player-gone', { alias: 'RudeRon', mutedAt: '2026-11-27T21:14:00.000Z' });
    renderLive();
    await screen.findByText('what a nice show');
    // RudeRon has no message left in the chat: the list of the muted is the only way to him.
    const mutedList = await screen.findByRole('list', { name: 'Muted in this show' });
    expect(item('RudeRon')).toEqual([]);
    const ron = within(mutedList).getByRole('listitem');
    expect(ron).toHaveTextContent('RudeRon');
    expect(ron).toHaveTextContent(/since \d\d:\d\d/);
    await expectNoAxeViolations();

    await userEvent.setup().click(within(ron).getByRole('button', { name: 'Unmute RudeRon' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', `/api/host/games/${GAME}/mutes/player-gone`)).toHaveLength(1),
    );
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Muted in this show' })).not.toBeInTheDocument(),
    );
    expect(server.muted.size).toBe(0);
  });

  it('resets a player’s alias only once confirmed; the old name leaves the chat and the audit lists it', async () => {
    serveChat([chatMessage({ seq: 1, text: 'my name is rude' })]);
    renderLive();
    await screen.findByText('my name is rude');
    const user = userEvent.setup();

    await user.click(within(item('my name is rude')[0]!).getByRole('button', { name: 'Reset alias' }));
    const confirm = screen.getByRole('alertdialog', { name: "Reset CatFan's alias?" });
    expect(confirm).toHaveTextContent(
      'Their chat name is cleared everywhere; they must choose a new one before they can chat again.',
    );
    await expectNoAxeViolations();
    await user.click(within(confirm).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(within(item('my name is rude')[0]!).getByRole('button', { name: 'Reset alias' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset alias' }));
    expect(await screen.findByText('Alias reset.')).toBeInTheDocument();
    await waitFor(() => expect(item('my name is rude')[0]).not.toHaveTextContent('CatFan'));
    expect(item('my name is rude')[0]).toHaveTextContent('Player 7f3a');
    const audit = await screen.findByRole('list', { name: 'Host actions' });
    expect(within(audit).getByRole('listitem')).toHaveTextContent('Alias reset · CatFan');
    expect(within(audit).getByRole('listitem')).toHaveTextContent('204');
  });

  it('speaks as the host: the message shows marked as the host’s and the box clears', async () => {
    const { api } = serveChat([], {
      'POST /api/chat': (call) => {
        const { chatContent } = call.body as { chatContent: string };
        return {
          status: 201,
          body: {
            message: chatMessage({
              seq: 5,
              playerUuid: 'host-1',
              alias: 'ShowHost',
              text: chatContent,
              fromHost: true,
            }),
          },
        };
      },
    });
    renderLive();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    const send = screen.getByRole('form', { name: 'Message the players' });
    const box = within(send).getByRole('textbox', { name: 'Message as the host' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(within(send).getByRole('button', { name: 'Send' })).toBeDisabled();
    const user = userEvent.setup();

    await user.type(box, 'Eyes down, good luck everyone!');
    await user.click(within(send).getByRole('button', { name: 'Send' }));

    expect(await within(chatList()).findByText('Eyes down, good luck everyone!')).toBeInTheDocument();
    expect(within(chatList()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(chatList()).getByText('host', { exact: true })).toBeInTheDocument();
    // A host's own line has no mute or alias reset: only delete.
    expect(within(chatList()).queryByRole('button', { name: /Mute|Reset alias/ })).not.toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(api.callsTo('POST', '/api/chat')[0]!.body).toEqual({
      gameUuid: GAME,
      roomUuid: ROOM,
      chatContent: 'Eyes down, good luck everyone!',
    });
    // The socket's copy of the same message is not shown twice.
    socket.push('chat:messages', {
      gameUuid: GAME,
      messages: [
        chatMessage({
          seq: 5,
          playerUuid: 'host-1',
          alias: 'ShowHost',
          text: 'Eyes down, good luck everyone!',
          fromHost: true,
        }),
      ],
    });
    expect(within(chatList()).getAllByRole('listitem')).toHaveLength(1);
    await expectNoAxeViolations();
  });

  it('says why a host message was refused, beside the box', async () => {
    serveChat([], {
      'POST /api/chat': () => ({
        status: 400,
        body: { code: 'chat/closed', message: 'The chat is closed.' },
      }),
    });
    renderLive();
    const box = await screen.findByRole('textbox', { name: 'Message as the host' });
    await waitFor(() => expect(box).toBeEnabled());
    const user = userEvent.setup();
    await user.type(box, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The chat is closed.');
    expect(box).toHaveAccessibleDescription('The chat is closed.');
    expect(box).toHaveValue('Hello');
  });

  it('before the green room the host cannot write yet, and says so', async () => {
    show = new FakeShow(socket);
    serveChat([]);
    renderLive();
    await screen.findByText('Scheduled');
    const box = screen.getByRole('textbox', { name: 'Message as the host' });
    expect(box).toBeDisabled();
    expect(box).toHaveAttribute('placeholder', 'The chat opens with the green room.');
  });

  it('says so when the server has no chat', async () => {
    serveChat([], {
      'GET /api/host/games/:gameUuid/chat': () => ({
        status: 404,
        body: { code: 'x', message: 'Not found' },
      }),
    });
    renderLive();
    expect(await screen.findByText('The chat is not available on this server.')).toBeInTheDocument();
  });
});
