import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myShowsResponseSchema, type MyShow } from '@ruthless/protocol';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { MyShows } from './my-shows';

// axe and lazy parts on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

// The end of shell.spec's whole show (issue 13): after the final, the profile's 'My shows' lists
// the game with its room, what the player won and the ticket held, and leads to the results.

const gameUuid = '6f1c1f0e-3a54-4c1e-9d57-0c3f7d4c2a11';
const show: MyShow = myShowsResponseSchema.parse([
  {
    gameUuid,
    roomUuid: '0b6f6a39-8a1b-4a43-9d5e-2b8e4c7f9a10',
    roomName: 'Shows abcd',
    startTime: '2026-11-27T20:00:00.000Z',
    ticketIndex: 0,
    ticket: [
      [1, null, 21, null, 41, null, 61, null, 81],
      [null, 12, null, 32, null, 52, null, 72, 85],
      [5, null, 25, null, 45, null, 65, 78, null],
    ],
    luckyFateMultiplier: 2,
    winningsPence: 12_345,
  },
])[0]!;

beforeEach(() => useSessionStore.setState({ playerUuid: 'player-me' }));
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().reset();
});

describe("the profile's My shows", () => {
  it('lists a past game with its room, the winnings and the ticket, and leads to its results', async () => {
    const user = userEvent.setup();
    const api = serveApi({ 'GET /api/my-shows': () => ({ body: [show] }) });
    const { container } = renderWithApp(<MyShows />, { path: '/profile' });

    const shows = within(await screen.findByRole('list', { name: 'Past shows' })).getAllByRole('listitem');
    expect(shows).toHaveLength(1);
    const row = within(shows[0]!);
    expect(shows[0]).toHaveTextContent('Shows abcd');
    expect(row.getByTestId('show-winnings')).toHaveTextContent('You won');
    expect(row.getByTestId('show-winnings')).toHaveTextContent('£123.45');
    const ticket = row.getByRole('table', { name: 'Ticket 1' });
    expect(within(ticket).getAllByRole('row')).toHaveLength(3);
    expect(within(ticket).getByRole('cell', { name: '85' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'My shows' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(row.getByRole('link', { name: 'Results & draw check' }));
    expect(currentLocation()).toBe(`/game/${gameUuid}`);
    expect(api.unanswered).toEqual([]);
  });

  it('says so when there is no show yet', async () => {
    serveApi({ 'GET /api/my-shows': () => ({ body: [] }) });
    renderWithApp(<MyShows />, { path: '/profile' });
    expect(
      await screen.findByText('No shows yet. Claim a ticket in the lobby and your games will show here.'),
    ).toBeInTheDocument();
  });
});
