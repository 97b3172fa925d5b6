import type { ActiveTicket, LobbyGame, Room } from '@ruthless/protocol';
import { ClaimErrorCode, ClaimMessage } from '@ruthless/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '@/components/layouts/root-layout';
import { formatUntil } from '@/features/safety/messages';
import { useClientStore } from '@/stores/client-store';
import { useLobbyStore } from '@/stores/lobby-store';
import { useServerClockStore } from '@/stores/server-clock-store';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { activeTicket, claimResponse, fakeSocket, fakeSocketOnDemand, lobbyGame, room } from '@test/lobby';
import { LobbyRoute } from './lobby';
// Loaded up front: the lobby's lazy carousel (and embla) then resolves at once.
import '@/features/lobby/components/room-carousel';

// The app's socket is the edge: the server's pushes are played by the test (test/lobby.ts). The
// on-demand loader is replaced whole: with only '@/lib/socket' mocked, the second of the lobby's
// two dynamic imports of it got the real module (Vitest 4), whose socket never hears a push.
vi.mock('@/lib/socket-on-demand', () => fakeSocketOnDemand());

const me = '00000000-0000-4000-8000-00000000abcd';
const email = 'lucy@example.com';
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** An identity token as the app reads it (its claims; the signature is the server's business). */
const token = `${base64url({ alg: 'none' })}.${base64url({ sub: me, email })}.signature`;

const MINUTE = 60_000;
const TICKET_BOUGHT = "You've successfully bought the ticket!";
const TIMESTAMP = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;

/**
 * The server's side of the lobby: the rooms, the player's active tickets and the claim, which
 * takes a ticket off the game's count and adds it to the player's tickets (as the server does).
 */
function serveLobby(rooms: Room[], { tickets = [] as ActiveTicket[] } = {}) {
  const held = [...tickets];
  const server = serveApi({
    'GET /api/rooms': () => ({ body: rooms }),
    'GET /api/purchases': () => ({ body: held }),
    'GET /api/safety/break': () => ({ body: { current: null } }),
    'GET /api/push/follows': () => ({ body: { roomUuids: [rooms[1]?.roomUuid ?? ''] } }),
    'POST /api/claim-ticket': (call) => {
      const { gameUuid, roomUuid } = call.body as { gameUuid: string; roomUuid: string };
      const game = rooms.flatMap((candidate) => candidate.games).find((g) => g.gameUuid === gameUuid)!;
      game.ticketsAvailable -= 1;
      const ticket = activeTicket(game, roomUuid);
      held.push(ticket);
      return { status: 201, body: claimResponse(ticket) };
    },
  });
  return server;
}

function renderLobby() {
  return renderWithApp(
    <>
      <RootLayout />
      <LobbyRoute />
    </>,
    { path: '/', routes: [{ path: '/game/:gameUuid', element: <p>The game screen</p> }] },
  );
}

/** The lobby once the rooms are in, with `name` brought to the centre by its dot. */
async function openRoom(name: string, user = userEvent.setup()) {
  const dot = await screen.findByRole('tab', { name }, { timeout: 10_000 });
  await user.click(dot);
  await waitFor(() => expect(dot).toHaveAttribute('aria-selected', 'true'));
  expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
}

/** A room's card in the carousel, named by what it shows: the room, then its next show. */
const card = (name: string) => new RegExp(`^(Live )?${name} `);

/** One game's row, found as a player reads it: the room and its start time. */
const row = (game: LobbyGame) =>
  within(screen.getByRole('listitem', { name: new RegExp(`game at ${startLabel(game)}$`) }));
const startLabel = (game: LobbyGame) => {
  const start = new Date(game.gameStartTime);
  const hour = start.getHours() % 12 || 12;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${hour}:${pad(start.getMinutes())}${start.getHours() < 12 ? 'AM' : 'PM'} ${pad(start.getDate())}/${pad(start.getMonth() + 1)}/${String(start.getFullYear()).slice(2)}`;
};

describe('LobbyRoute', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useLobbyStore.setState({ selectedRoomUuid: null });
    useClientStore.setState({ backgroundTheme: 'DEFAULT' });
    useServerClockStore.setState({ offsetMs: 0, measured: false });
    useSessionStore.setState({ accessToken: token, playerUuid: me });
    window.dataLayer = [];
    fakeSocket.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it("carries a follow button on each room's card, pressed for the rooms followed", async () => {
    const gold = room({ name: 'Gold Rush', theme: 'GOLD' });
    serveLobby([room(), gold]);
    renderLobby();
    expect(
      await screen.findByRole('button', { name: 'Notify me about every show in Ruby Rush', pressed: false }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: /^Following Gold Rush: we'll tell you/, pressed: true }),
    ).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('Claim Ticket claims an in-game game at once, then turns into Return To Game', async () => {
    const game = lobbyGame({ prizeLuckyFateSelections: 'in-game' });
    const green = room({ name: 'Lucky Clover', theme: 'GREEN', games: [game] });
    const server = serveLobby([room(), green]);
    renderLobby();
    const user = userEvent.setup();
    await openRoom('Lucky Clover', user);

    expect(row(game).getByTestId('tickets-available')).toHaveTextContent('90 of 90 tickets available');
    await user.click(row(game).getByRole('button', { name: 'Claim Ticket' }));

    expect(await screen.findByText(TICKET_BOUGHT)).toBeInTheDocument();
    const back = await row(game).findByRole('link', { name: 'Return To Game' });
    expect(back).toHaveAttribute('href', `/game/${game.gameUuid}`);
    expect(row(game).queryByRole('button', { name: 'Claim Ticket' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(row(game).getByTestId('tickets-available')).toHaveTextContent('89 of 90 tickets available'),
    );
    expect(server.callsTo('POST', '/api/claim-ticket').map((call) => call.body)).toEqual([
      { gameUuid: game.gameUuid, roomUuid: green.roomUuid },
    ]);

    const pushes = window.dataLayer as Record<string, unknown>[];
    const joined = pushes.find((push) => push.event === 'joinLobbyTime');
    expect(joined).toMatchObject({ userId: me, gameId: null, timestamp: expect.stringMatching(TIMESTAMP) });
    const claimed = pushes.find((push) => push.event === 'claimTime');
    expect(claimed).toMatchObject({
      userId: me,
      gameId: game.gameUuid,
      timestamp: expect.stringMatching(TIMESTAMP),
    });
    await expectNoAxeViolations();

    await user.click(back);
    expect(currentLocation()).toBe(`/game/${game.gameUuid}`);
    expect(server.unanswered).toEqual([]);
  });

  it('shows a ticket the server says is held as Return To Game, and a pre-game Claim Ticket goes to the purchase page', async () => {
    const held = lobbyGame();
    const preGame = lobbyGame({
      prizeLuckyFateSelections: 'pre-game',
      gameStartTime: new Date(Date.now() + 2 * 60 * MINUTE).toISOString(),
    });
    const ruby = room({ games: [held, preGame] });
    const server = serveLobby([ruby], { tickets: [activeTicket(held, ruby.roomUuid)] });
    renderLobby();
    const user = userEvent.setup();
    await openRoom('Ruby Rush', user);

    expect(await row(held).findByRole('link', { name: 'Return To Game' })).toHaveAttribute(
      'href',
      `/game/${held.gameUuid}`,
    );
    await user.click(row(preGame).getByRole('button', { name: 'Claim Ticket' }));
    expect(currentLocation()).toBe(`/purchase/${ruby.roomUuid}/${preGame.gameUuid}`);
    // The pick of a card comes first: nothing was claimed yet.
    expect(server.callsTo('POST', '/api/claim-ticket')).toEqual([]);
    expect(server.callsTo('POST', '/api/purchase')).toEqual([]);
  });

  it('a player on a break is told so, with its end, and no Claim Ticket is offered', async () => {
    const inGame = lobbyGame();
    const preGame = lobbyGame({
      prizeLuckyFateSelections: 'pre-game',
      gameStartTime: new Date(Date.now() + 2 * 60 * MINUTE).toISOString(),
    });
    const ruby = room({ games: [inGame, preGame] });
    const endsAt = '2026-12-03T00:42:00.000Z';
    serveApi({
      'GET /api/rooms': () => ({ body: [ruby] }),
      'GET /api/purchases': () => ({ body: [] }),
      'GET /api/safety/break': () => ({
        body: { current: { kind: 'break', period: '7d', startedAt: '2026-11-26T00:42:00.000Z', endsAt } },
      }),
    });
    renderLobby();
    await openRoom('Ruby Rush');

    const notice = await screen.findByTestId('break-notice');
    expect(notice).toHaveTextContent(`You are taking a break until ${formatUntil(endsAt)}.`);
    expect(notice).toHaveTextContent('You cannot claim tickets or join shows until then.');
    for (const game of [inGame, preGame]) {
      expect(row(game).queryByRole('button', { name: 'Claim Ticket' })).not.toBeInTheDocument();
      expect(row(game).getByRole('button', { name: 'On a break' })).toBeDisabled();
    }
    await expectNoAxeViolations();
  });

  it('opened afresh while the player holds a ticket of a show on air, the lobby opens on that show’s room', async () => {
    const onAir = lobbyGame({ state: 'draw', hasGameStarted: true });
    const gold = room({ name: 'Gold Rush', theme: 'GOLD', games: [onAir] });
    serveLobby([room({ games: [lobbyGame()] }), gold], { tickets: [activeTicket(onAir, gold.roomUuid)] });
    renderLobby();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Gold Rush' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await row(onAir).findByRole('link', { name: 'Return To Game' })).toHaveAttribute(
      'href',
      `/game/${onAir.gameUuid}`,
    );
  });

  it('a double tap on Claim Ticket claims once and toasts once', async () => {
    const game = lobbyGame();
    const server = serveLobby([room({ games: [game] })]);
    renderLobby();
    await openRoom('Ruby Rush');

    const claim = row(game).getByRole('button', { name: 'Claim Ticket' });
    // Both taps land before React re-renders the button as busy.
    act(() => {
      claim.click();
      claim.click();
    });
    await row(game).findByRole('link', { name: 'Return To Game' });
    await screen.findByText(TICKET_BOUGHT);
    // Any second toast would be on its way with the first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText(TICKET_BOUGHT)).toHaveLength(1);
    expect(server.callsTo('POST', '/api/claim-ticket')).toHaveLength(1);
  });

  it('Claim Ticket is disabled when the game is sold out; the countdown and Remind Me stay', async () => {
    const game = lobbyGame({ maxTickets: 1, ticketsAvailable: 0 });
    const server = serveLobby([room({ games: [game] })]);
    renderLobby();
    await openRoom('Ruby Rush');

    expect(row(game).getByRole('button', { name: 'Claim Ticket' })).toBeDisabled();
    expect(row(game).getByTestId('tickets-available')).toHaveTextContent(/^Sold out$/);
    expect(row(game).getByRole('timer')).toBeInTheDocument();
    expect(row(game).getByRole('button', { name: 'Remind Me' })).toBeEnabled();
    await userEvent.setup().click(row(game).getByRole('button', { name: 'Claim Ticket' }));
    expect(server.callsTo('POST', '/api/claim-ticket')).toEqual([]);
    await expectNoAxeViolations();
  });

  it('the countdown ticks each second; once complete the game is In Progress with its start time', async () => {
    // The countdown's clock is faked; the rest (queries, toasts) runs on real timers.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const game = lobbyGame({ gameStartTime: new Date(Date.now() + 12_000).toISOString() });
    serveLobby([room({ games: [game] })]);
    renderLobby();
    await openRoom('Ruby Rush');

    const timer = row(game).getByRole('timer');
    expect(timer).toHaveAccessibleName(/^Starts in 0 days 00:00:1[12]$/);
    expect(row(game).getByRole('button', { name: 'Remind Me' })).toBeInTheDocument();
    expect(row(game).getByRole('button', { name: 'Claim Ticket' })).toBeEnabled();
    const before = timer.getAttribute('aria-label');
    act(() => vi.advanceTimersByTime(1000));
    expect(row(game).getByRole('timer').getAttribute('aria-label')).not.toBe(before);
    expect(row(game).getByRole('timer')).toHaveAccessibleName(/^Starts in 0 days 00:00:1[01]$/);

    // Every unit reaches zero: the game counts as started.
    act(() => vi.advanceTimersByTime(12_000));
    expect(row(game).getByRole('button', { name: 'In Progress' })).toBeDisabled();
    expect(row(game).queryByRole('timer')).not.toBeInTheDocument();
    expect(row(game).queryByRole('button', { name: 'Remind Me' })).not.toBeInTheDocument();
    expect(row(game).queryByRole('button', { name: 'Claim Ticket' })).not.toBeInTheDocument();
    expect(row(game).getByRole('img', { name: 'Game in progress' })).toBeInTheDocument();
    expect(row(game).getByText(/^Started/)).toHaveTextContent(`Started ${startLabel(game)}`);
    await expectNoAxeViolations();
  });

  it('a game in its green room still takes claims: its own sign, the countdown, Claim Ticket and Remind Me', async () => {
    const game = lobbyGame({
      state: 'green-room',
      gameStartTime: new Date(Date.now() + 4 * MINUTE).toISOString(),
    });
    const later = lobbyGame({ gameStartTime: new Date(Date.now() + 3 * 60 * MINUTE).toISOString() });
    const green = room({ name: 'Lucky Clover', theme: 'GREEN', games: [game, later] });
    serveLobby([green]);
    renderLobby();
    const user = userEvent.setup();
    await openRoom('Lucky Clover', user);

    expect(row(game).getByRole('status')).toHaveTextContent(/^Green room open · starts in [34]:\d{2}$/);
    expect(screen.getByRole('listitem', { name: new RegExp(startLabel(game)) })).toHaveAttribute(
      'data-stage',
      'green-room',
    );
    expect(row(game).getByRole('timer')).toBeInTheDocument();
    expect(row(game).queryByRole('img', { name: 'Game in progress' })).not.toBeInTheDocument();
    expect(row(game).getByRole('button', { name: 'Remind Me' })).toBeInTheDocument();
    // The room card does not jump to a later show, nor call itself live.
    const cardOfRoom = within(screen.getByRole('region', { name: 'Rooms' })).getByRole('button', {
      name: card('Lucky Clover'),
    });
    expect(cardOfRoom).toHaveTextContent(`Next show ${startLabel(game).split(' ')[0]}`);
    expect(cardOfRoom).not.toHaveTextContent('Live');
    await expectNoAxeViolations();

    await user.click(row(game).getByRole('button', { name: 'Claim Ticket' }));
    expect(await screen.findByText(TICKET_BOUGHT)).toBeInTheDocument();
    expect(await row(game).findByRole('link', { name: 'Return To Game' })).toBeInTheDocument();
  });

  it("a refused claim shows the server's message and leaves Claim Ticket to try again", async () => {
    const game = lobbyGame();
    const ruby = room({ games: [game] });
    serveApi({
      'GET /api/rooms': () => ({ body: [ruby] }),
      'GET /api/purchases': () => ({ body: [] }),
      'POST /api/claim-ticket': () => ({
        status: 409,
        body: { statusCode: 409, code: ClaimErrorCode.cancelled, message: ClaimMessage.cancelled },
      }),
    });
    renderLobby();
    const user = userEvent.setup();
    await openRoom('Ruby Rush', user);
    await user.click(row(game).getByRole('button', { name: 'Claim Ticket' }));

    expect(await screen.findByText('This game has been cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(TICKET_BOUGHT)).not.toBeInTheDocument();
    await waitFor(() => expect(row(game).getByRole('button', { name: 'Claim Ticket' })).toBeEnabled());
  });

  it('Remind Me downloads a calendar event at the start, with an alarm 5 minutes before, organised by the operator', async () => {
    const game = lobbyGame({ gameStartTime: new Date(Date.now() + 3 * 60 * MINUTE).toISOString() });
    serveLobby([room({ games: [game] })]);
    // The file handed to the browser: its contents and the name it downloads as.
    const files: Blob[] = [];
    const names: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, URL, {
        createObjectURL: (blob: Blob) => {
          files.push(blob);
          return 'blob:reminder';
        },
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      renderLobby();
      const user = userEvent.setup();
      await openRoom('Ruby Rush', user);
      await user.click(row(game).getByRole('button', { name: 'Remind Me' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remind me' }, { timeout: 10_000 });
      await expectNoAxeViolations();
      await user.click(within(dialog).getByRole('button', { name: 'Add to my calendar' }));

      expect(
        await screen.findByText(
          'The calendar file was downloaded: open it to add the show to your calendar.',
        ),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Remind me' })).not.toBeInTheDocument(),
      );
    } finally {
      click.mockRestore();
    }
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/\.ics$/);
    const ics = (await files[0]!.text()).replace(/\r\n[ \t]/g, '');
    const stamp = game.gameStartTime.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(new RegExp(`^DTSTART:${stamp}\\r?$`, 'm'));
    expect(ics).toMatch(new RegExp(`^DTEND:${stamp}\\r?$`, 'm'));
    expect(ics).toMatch(/^SUMMARY:Play Ruthless: Ruby Rush\r?$/m);
    expect(ics).toMatch(/^DESCRIPTION:.*play/im);
    expect(ics).toContain('BEGIN:VALARM');
    expect(ics).toMatch(/^TRIGGER:-PT5M\r?$/m);
    // Organised by the operator, never by the player: Lucy's own address is nowhere in it.
    expect(ics).toMatch(/^ORGANIZER;CN="?Ruthless"?:mailto:shows@ruthless\.live\r?$/im);
    expect(ics).not.toContain(email);
  });

  it('a room with no games shows No Scheduled Games, in its own colours', async () => {
    serveLobby([room(), room({ name: 'Gold Rush', theme: 'GOLD' })]);
    renderLobby();
    await openRoom('Gold Rush');

    expect(screen.getByText('No Scheduled Games')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Games in Gold Rush' })).not.toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-theme', 'GOLD');
    await expectNoAxeViolations();
  });

  it('the background follows the room in the centre of the carousel', async () => {
    serveLobby([
      room({ name: 'Ruby Rush', theme: 'RED' }),
      room({ name: 'Gold Rush', theme: 'GOLD' }),
      room({ name: 'Lucky Clover', theme: 'GREEN', games: [lobbyGame()] }),
    ]);
    renderLobby();
    const user = userEvent.setup();
    const carousel = within(await screen.findByRole('region', { name: 'Rooms' }, { timeout: 10_000 }));
    for (const name of ['Ruby Rush', 'Gold Rush', 'Lucky Clover']) {
      expect(carousel.getByRole('button', { name: card(name) })).toBeInTheDocument();
    }
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'RED'));
    expect(carousel.getByRole('button', { name: card('Ruby Rush') })).toHaveAttribute('aria-pressed', 'true');

    // A tap on a room's card brings it to the centre.
    await user.click(carousel.getByRole('button', { name: card('Lucky Clover') }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'GREEN'));
    expect(carousel.getByRole('button', { name: card('Lucky Clover') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(carousel.getByRole('button', { name: card('Ruby Rush') })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Lucky Clover' })).toBeInTheDocument();
    // A card is named by all it shows: the room and its next show (WCAG 2.5.3, Label in Name).
    expect(carousel.getByRole('button', { name: card('Lucky Clover') })).toHaveAccessibleName(
      /^Lucky Clover Next show \d{1,2}:\d{2}[AP]M$/,
    );
    await expectNoAxeViolations(document.body, { also: ['label-content-name-mismatch'] });
  });

  it('the rooms carousel moves by keyboard: arrow keys on its dots, Home and End, previous and next', async () => {
    const names = ['Ruby Rush', 'Gold Rush', 'Lucky Clover', 'Night Owls'];
    serveLobby(names.map((name) => room({ name })));
    renderLobby();
    const user = userEvent.setup();
    await openRoom(names[0]!, user);
    const carousel = within(screen.getByRole('region', { name: 'Rooms' }));
    const tab = (index: number) => carousel.getByRole('tab', { name: names[index]! });

    act(() => tab(0).focus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(tab(1)).toHaveAttribute('aria-selected', 'true'));
    expect(tab(1)).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: names[1]! })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(tab(0)).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{End}');
    await waitFor(() => expect(tab(3)).toHaveAttribute('aria-selected', 'true'));
    expect(carousel.getByRole('button', { name: 'Next room' })).toBeDisabled();

    act(() => carousel.getByRole('button', { name: 'Previous room' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tab(2)).toHaveAttribute('aria-selected', 'true'));
    act(() => tab(2).focus());
    await user.keyboard('{Home}');
    await waitFor(() => expect(tab(0)).toHaveAttribute('aria-selected', 'true'));
    expect(carousel.getByRole('button', { name: 'Previous room' })).toBeDisabled();
    // Each slide says where it stands; one tab stop among the dots.
    expect(carousel.getByRole('group', { name: `1 of 4: ${names[0]}` })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(carousel.getAllByRole('tab').filter((dot) => dot.tabIndex === 0)).toEqual([tab(0)]);
    await expectNoAxeViolations();
  });

  it('a player holding a ticket is told when the host cancels the game, and the game leaves the lobby', async () => {
    const game = lobbyGame({ gameStartTime: new Date(Date.now() + 30 * MINUTE).toISOString() });
    const other = lobbyGame({ gameStartTime: new Date(Date.now() + 90 * MINUTE).toISOString() });
    const ruby = room({ games: [game, other] });
    const tickets = [activeTicket(game, ruby.roomUuid)];
    serveApi({
      'GET /api/rooms': () => ({ body: [ruby] }),
      'GET /api/purchases': () => ({ body: tickets }),
    });
    renderLobby();
    await openRoom('Ruby Rush');
    await row(game).findByRole('link', { name: 'Return To Game' });

    await waitFor(() => expect(fakeSocket.listening('game-cancelled')).toBe(1));

    // A game the player holds no ticket for goes quietly.
    ruby.games = [game];
    act(() =>
      fakeSocket.push('game-cancelled', {
        gameUuid: other.gameUuid,
        roomUuid: ruby.roomUuid,
        gameStartTime: other.gameStartTime,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: new RegExp(startLabel(other)) })).toBeNull(),
    );
    expect(screen.queryByText(/has been cancelled/)).not.toBeInTheDocument();

    // The server has released the ticket and dropped the game.
    ruby.games = [];
    tickets.length = 0;
    act(() =>
      fakeSocket.push('game-cancelled', {
        gameUuid: game.gameUuid,
        roomUuid: ruby.roomUuid,
        gameStartTime: game.gameStartTime,
      }),
    );
    expect(
      await screen.findByText(
        `The ${startLabel(game)} game in Ruby Rush has been cancelled. Your ticket has been released.`,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('No Scheduled Games')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Return To Game' })).not.toBeInTheDocument();
  });

  it('tickets available follows the counts the server pushes', async () => {
    const game = lobbyGame();
    const ruby = room({ games: [game] });
    serveLobby([ruby]);
    renderLobby();
    await openRoom('Ruby Rush');
    expect(row(game).getByTestId('tickets-available')).toHaveTextContent('90 of 90 tickets available');
    await waitFor(() => expect(fakeSocket.listening('metadata')).toBe(1));

    act(() =>
      fakeSocket.push('metadata', {
        gameUuid: game.gameUuid,
        roomUuid: ruby.roomUuid,
        maxTickets: 90,
        ticketsAvailable: 89,
      }),
    );
    await waitFor(() =>
      expect(row(game).getByTestId('tickets-available')).toHaveTextContent('89 of 90 tickets available'),
    );
    act(() =>
      fakeSocket.push('metadata', {
        gameUuid: game.gameUuid,
        roomUuid: ruby.roomUuid,
        maxTickets: 90,
        ticketsAvailable: 0,
      }),
    );
    await waitFor(() => expect(row(game).getByTestId('tickets-available')).toHaveTextContent(/^Sold out$/));
    expect(row(game).getByRole('button', { name: 'Claim Ticket' })).toBeDisabled();
  });

  it("an all-steal pot: the room says it rolls over, the ended show links its results, and the next game's full house includes it", async () => {
    const ended = lobbyGame({
      state: 'ended',
      hasGameStarted: true,
      gameStartTime: new Date(Date.now() - 20 * MINUTE).toISOString(),
    });
    const waiting = room({ games: [ended], rolloverPence: 1234 });
    serveLobby([waiting]);
    const first = renderLobby();
    await openRoom('Ruby Rush');

    expect(screen.getByText('£12.34 rolls over into the next game!')).toBeInTheDocument();
    const over = row(ended);
    expect(over.getByRole('link', { name: 'See the results' })).toHaveAttribute(
      'href',
      `/game/${ended.gameUuid}`,
    );
    expect(over.getByRole('link', { name: 'Watch again' })).toHaveAttribute(
      'href',
      `/game/${ended.gameUuid}/replay`,
    );
    expect(over.queryByRole('button', { name: 'Claim Ticket' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
    first.unmount();

    // The next game scheduled plays for it: its full house includes the rollover; a later one does not.
    const next = lobbyGame({
      rolloverPence: 1234,
      prizes: { oneLine: 1000, twoLines: 2500, fullHouse: 11_234 },
    });
    const later = lobbyGame({ gameStartTime: new Date(Date.now() + 3 * 60 * MINUTE).toISOString() });
    serveLobby([room({ games: [next, later] })]);
    renderLobby();
    await openRoom('Ruby Rush');
    expect(row(next).getByText('£112.34')).toBeInTheDocument();
    expect(row(next).getByText('incl. £12.34 rollover')).toBeInTheDocument();
    expect(row(later).getByText('£100.00')).toBeInTheDocument();
    expect(row(later).queryByText(/rollover/)).not.toBeInTheDocument();
    expect(screen.queryByText(/rolls over into the next game/)).not.toBeInTheDocument();
  });
});
