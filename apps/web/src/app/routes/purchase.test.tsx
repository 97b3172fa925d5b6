import type { LobbyGame, PurchaseBody, Room } from '@ruthless/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '@/components/layouts/root-layout';
import { formatUntil } from '@/features/safety/messages';
import { useClientStore } from '@/stores/client-store';
import { useServerClockStore } from '@/stores/server-clock-store';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { activeTicket, claimResponse, fakeSocketOnDemand, lobbyGame, room } from '@test/lobby';
import { PurchaseRoute } from './purchase';

// The live counts' socket is the edge (test/lobby.ts); this page only listens.
vi.mock('@/lib/socket-on-demand', () => fakeSocketOnDemand());

const me = '00000000-0000-4000-8000-00000000abcd';
const MINUTE = 60_000;
const TICKET_BOUGHT = "You've successfully bought the ticket!";

/** The server's side: the rooms, the player's tickets, and `POST /api/purchase` with a card. */
function servePurchase(rooms: Room[]) {
  return serveApi({
    'GET /api/rooms': () => ({ body: rooms }),
    'GET /api/purchases': () => ({ body: [] }),
    'GET /api/safety/break': () => ({ body: { current: null } }),
    'POST /api/purchase': (call) => {
      const body = call.body as PurchaseBody;
      const game = rooms.flatMap((candidate) => candidate.games).find((g) => g.gameUuid === body.gameUuid)!;
      return { status: 201, body: claimResponse(activeTicket(game, body.roomUuid, body.luckyFateCard)) };
    },
  });
}

function renderPurchase(theRoom: Room, game: LobbyGame) {
  return renderWithApp(
    <>
      <RootLayout />
      <PurchaseRoute />
    </>,
    {
      path: `/purchase/${theRoom.roomUuid}/${game.gameUuid}`,
      route: '/purchase/:roomUuid/:gameUuid',
      routes: [{ path: '/', element: <p>The lobby</p> }],
    },
  );
}

const cards = () =>
  within(screen.getByRole('radiogroup', { name: 'Lucky-fate cards' })).getAllByRole('radio');

describe('PurchaseRoute', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useClientStore.setState({ backgroundTheme: 'DEFAULT' });
    useServerClockStore.setState({ offsetMs: 0, measured: false });
    useSessionStore.setState({ accessToken: 'token', playerUuid: me });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('a pre-game game: its prizes, three face-down cards, pick one and claim, back to the lobby', async () => {
    const game = lobbyGame({
      prizeLuckyFateSelections: 'pre-game',
      prizes: { oneLine: 1000, twoLines: 2550, fullHouse: 123_456 },
    });
    const gold = room({ name: 'Gold Rush', theme: 'GOLD', games: [game] });
    const server = servePurchase([gold]);
    renderPurchase(gold, game);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Claim Your Ticket' })).toBeInTheDocument();
    const prizes = await screen.findByLabelText('Prizes', {}, { timeout: 10_000 });
    expect(within(prizes).getByText('One Line').nextSibling).toHaveTextContent('£10.00');
    expect(within(prizes).getByText('Two Lines').nextSibling).toHaveTextContent('£25.50');
    expect(within(prizes).getByText('Full House').nextSibling).toHaveTextContent('£1,234.56');
    expect(screen.getByRole('timer')).toBeInTheDocument();
    expect(screen.getByText('Gold Rush')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-theme', 'GOLD');

    expect(cards()).toHaveLength(3);
    const claim = screen.getByRole('button', { name: 'Claim Ticket' });
    expect(claim).toBeDisabled();
    await user.click(cards()[1]!);
    expect(cards()[1]).toHaveAttribute('aria-checked', 'true');
    expect(cards()[0]).toHaveAttribute('aria-checked', 'false');
    expect(cards()[2]).toHaveAttribute('aria-checked', 'false');
    expect(claim).toBeEnabled();
    await expectNoAxeViolations();

    await user.click(claim);
    expect(await screen.findByText(TICKET_BOUGHT)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(server.callsTo('POST', '/api/purchase').map((call) => call.body)).toEqual([
      { gameUuid: game.gameUuid, roomUuid: gold.roomUuid, luckyFateCard: 1 },
    ]);
    expect(server.unanswered).toEqual([]);
  });

  it('a pre-game game in its green room is open: its sign, no In Progress, and a claim lands', async () => {
    const game = lobbyGame({
      prizeLuckyFateSelections: 'pre-game',
      state: 'green-room',
      gameStartTime: new Date(Date.now() + 5 * MINUTE).toISOString(),
    });
    const green = room({ name: 'Lucky Clover', theme: 'GREEN', games: [game] });
    const server = servePurchase([green]);
    renderPurchase(green, game);
    const user = userEvent.setup();

    const show = await screen.findByRole('region', { name: 'The game' }, { timeout: 10_000 });
    expect(within(show).getByRole('status')).toHaveTextContent(/^Green room open · starts in [45]:\d{2}$/);
    expect(screen.queryByRole('button', { name: 'In Progress' })).not.toBeInTheDocument();
    await user.click(cards()[0]!);
    await user.click(screen.getByRole('button', { name: 'Claim Ticket' }));
    expect(await screen.findByText(TICKET_BOUGHT)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/purchase')).toHaveLength(1);
  });

  it('shows an all-steal pot in the full house, and where it came from', async () => {
    const game = lobbyGame({
      prizeLuckyFateSelections: 'pre-game',
      rolloverPence: 1234,
      prizes: { oneLine: 1000, twoLines: 2500, fullHouse: 11_234 },
    });
    const ruby = room({ games: [game] });
    servePurchase([ruby]);
    renderPurchase(ruby, game);

    const prizes = await screen.findByLabelText('Prizes', {}, { timeout: 10_000 });
    expect(within(prizes).getByText('Full House').nextSibling).toHaveTextContent('£112.34');
    expect(screen.getByText('Includes £12.34 rolled over from the last show')).toBeInTheDocument();
  });

  it('a self-excluded player is told so, with its end, before any card: no cards and no Claim Ticket', async () => {
    const game = lobbyGame({ prizeLuckyFateSelections: 'pre-game' });
    const gold = room({ name: 'Gold Rush', theme: 'GOLD', games: [game] });
    const endsAt = '2027-05-27T00:42:00.000Z';
    const server = serveApi({
      'GET /api/rooms': () => ({ body: [gold] }),
      'GET /api/purchases': () => ({ body: [] }),
      'GET /api/safety/break': () => ({
        body: {
          current: { kind: 'self-exclusion', period: '6m', startedAt: '2026-11-27T00:42:00.000Z', endsAt },
        },
      }),
    });
    renderPurchase(gold, game);

    const notice = await screen.findByTestId('break-notice', {}, { timeout: 10_000 });
    expect(notice).toHaveTextContent(`You have excluded yourself from play until ${formatUntil(endsAt)}.`);
    expect(notice).toHaveTextContent('You cannot claim tickets or join shows until then.');
    expect(screen.queryByRole('radiogroup', { name: 'Lucky-fate cards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim Ticket' })).not.toBeInTheDocument();
    // The game and its prizes are still there to read.
    expect(screen.getByLabelText('Prizes')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/purchase')).toEqual([]);
    await expectNoAxeViolations();
  });

  it('a double tap on Claim Ticket claims once and toasts once', async () => {
    const game = lobbyGame({ prizeLuckyFateSelections: 'pre-game' });
    const ruby = room({ games: [game] });
    const server = servePurchase([ruby]);
    renderPurchase(ruby, game);
    const user = userEvent.setup();
    await screen.findByLabelText('Prizes', {}, { timeout: 10_000 });
    await user.click(cards()[2]!);

    const claim = screen.getByRole('button', { name: 'Claim Ticket' });
    // Both taps land before React re-renders the button as busy.
    act(() => {
      claim.click();
      claim.click();
    });
    await waitFor(() => expect(currentLocation()).toBe('/'));
    await screen.findByText(TICKET_BOUGHT);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText(TICKET_BOUGHT)).toHaveLength(1);
    expect(server.callsTo('POST', '/api/purchase').map((call) => call.body)).toEqual([
      { gameUuid: game.gameUuid, roomUuid: ruby.roomUuid, luckyFateCard: 2 },
    ]);
  });
});
