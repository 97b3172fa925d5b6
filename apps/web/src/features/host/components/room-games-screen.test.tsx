import type { HostGame } from '@ruthless/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp, serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { GAME, hostGame, hostRoom, ROOM, tokenWith } from '@test/host';
import { formatStart } from '../utils/time';
import { RoomGamesScreen } from './room-games-screen';

// A room's games in the console (/host/rooms/:roomUuid): the table with each game's commitment and
// actions, and the side forms (schedule, repeating, edit, duplicate) with their messages.

function serveGames(initial: HostGame[], routes: Record<string, ApiHandler> = {}) {
  const server = { games: [...initial] };
  const api = serveApi({
    'GET /api/host/rooms': () => ({ body: { rooms: [hostRoom()] } }),
    'GET /api/host/rooms/:roomUuid/games': () => ({ body: { games: server.games } }),
    'GET /api/host/audit': () => ({ body: { entries: [] } }),
    'POST /api/host/rooms/:roomUuid/games': (call) => {
      const game = hostGame({
        ...(call.body as object),
        gameUuid: crypto.randomUUID(),
        ticketsAvailable: 10,
      });
      server.games.push(game);
      return { status: 201, body: game };
    },
    ...routes,
  });
  return { api, server };
}

function renderGames() {
  renderWithApp(<RoomGamesScreen />, { path: `/host/rooms/${ROOM}`, route: '/host/rooms/:roomUuid' });
}

const gameRows = () =>
  within(screen.getByRole('table', { name: 'Games' }))
    .getAllByRole('row')
    .slice(1);
const field = (form: HTMLElement, name: string | RegExp) =>
  within(form).getByLabelText(name, { selector: 'input, select' });

// Long for a component test: each renders a whole screen and runs axe on it, seconds on a loaded
// two-core machine.
describe('RoomGamesScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    useSessionStore.setState({ accessToken: tokenWith({ role: 'host' }) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('lists each game with its state, tickets, prizes and commitment, and only the actions that apply', async () => {
    const ended = hostGame({
      gameUuid: crypto.randomUUID(),
      state: 'ended',
      gameStartTime: new Date(Date.now() - 86_400_000).toISOString(),
    });
    serveGames([hostGame(), ended]);
    renderGames();

    expect(await screen.findByRole('heading', { name: 'Games of Ruby Rush', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'href',
      `/host/rooms/${ROOM}/analytics`,
    );
    const [open, done] = await waitFor(() => gameRows());
    expect(open).toHaveTextContent('scheduled');
    expect(open).toHaveTextContent('1/10');
    expect(open).toHaveTextContent('£5.00 · £25.00 · £180.00');
    expect(within(open!).getByTitle(/^SHA-256 of the seed: [0-9a-f]{64}$/)).toHaveTextContent(
      `${hostGame().commitment.slice(0, 16)}…`,
    );
    expect(within(open!).getByRole('link', { name: 'Live' })).toHaveAttribute('href', `/host/games/${GAME}`);
    expect(within(open!).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(open!).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(open!).queryByRole('link', { name: 'Figures' })).not.toBeInTheDocument();
    // A played show: its figures, and nothing left to edit or cancel.
    expect(done).toHaveTextContent('ended');
    expect(within(done!).getByRole('link', { name: 'Figures' })).toHaveAttribute(
      'href',
      `/host/games/${ended.gameUuid}/analytics`,
    );
    expect(within(done!).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(within(done!).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('form', { name: 'Schedule a game' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('says when the room has no game yet', async () => {
    serveGames([]);
    renderGames();
    expect(await screen.findByText('No games yet: schedule one.')).toBeInTheDocument();
  });

  it('schedules a game with its prizes in pence and its stage timings in milliseconds', async () => {
    const { api } = serveGames([]);
    renderGames();
    const form = await screen.findByRole('form', { name: 'Schedule a game' });
    const user = userEvent.setup();
    fireEvent.change(field(form, /^Start/), { target: { value: '2031-05-02T19:30' } });
    for (const [label, value] of [
      ['Max tickets', '10'],
      ['One line (£)', '5'],
      ['Reels (s)', '1'],
      ['Lucky fate (s)', '1.5'],
      ['Ball interval (s)', '15'],
      ['Ruthless final (s)', '1'],
      ['Reveal (s)', '600'],
    ] as const) {
      await user.clear(field(form, label));
      await user.type(field(form, label), value);
    }
    await user.click(within(form).getByRole('button', { name: 'Schedule game' }));

    const start = new Date('2031-05-02T19:30').toISOString();
    expect(await screen.findByText(`Game scheduled for ${formatStart(start)}`)).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/host/rooms/${ROOM}/games`)[0]!.body).toEqual({
      gameStartTime: start,
      maxTickets: 10,
      prizeLuckyFateSelections: 'in-game',
      prizes: { oneLine: 500, twoLines: 2500, fullHouse: 10000 },
      timings: {
        reelsMs: 1000,
        luckyFateMs: 1500,
        ballIntervalMs: 15000,
        ruthlessMs: 1000,
        revealMs: 600000,
      },
      videoSource: null,
    });
    await waitFor(() => expect(gameRows()).toHaveLength(1));
    expect(gameRows()[0]).toHaveTextContent('0/10');
  });

  it('says a refusal in the form’s own words: its labels, and seconds', async () => {
    serveGames([], {
      'POST /api/host/rooms/:roomUuid/games': () => ({
        status: 400,
        body: { code: 'validation', message: 'gameStartTime must be in the future' },
      }),
    });
    renderGames();
    const form = await screen.findByRole('form', { name: 'Schedule a game' });
    fireEvent.change(field(form, /^Start/), { target: { value: '2020-01-01T10:00' } });
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Schedule game' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Start must be in the future');
  });

  it('creates a repeating schedule from its own form, and says how many games it made', async () => {
    const { api } = serveGames([], {
      'POST /api/host/rooms/:roomUuid/schedule': () => ({
        status: 201,
        body: {
          games: [hostGame(), hostGame({ gameUuid: crypto.randomUUID() })],
          skipped: [new Date().toISOString()],
        },
      }),
    });
    renderGames();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Repeating' }));
    expect(screen.getByRole('tab', { name: 'Repeating' })).toHaveAttribute('aria-selected', 'true');
    const form = screen.getByRole('form', { name: 'Repeating schedule' });
    for (const label of ['Every (minutes)', 'From', 'To', 'First day', 'Last day']) {
      expect(field(form, label)).toBeInTheDocument();
    }
    expect(within(form).getByText(/At most 200 games and 62 days at once\./)).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.clear(field(form, 'Every (minutes)'));
    await user.type(field(form, 'Every (minutes)'), '30');
    await user.click(within(form).getByRole('checkbox', { name: 'Fri' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Sat' }));
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));

    expect(await screen.findByText('2 games scheduled, 1 slots skipped (taken or past)')).toBeInTheDocument();
    const body = api.callsTo('POST', `/api/host/rooms/${ROOM}/schedule`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      everyMinutes: 30,
      fromTime: '18:00',
      toTime: '22:00',
      weekdays: [1, 2, 3, 4, 6],
    });
    expect(body.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('edits a game before its start, and duplicates one at a new start', async () => {
    const copy = hostGame({ gameUuid: crypto.randomUUID(), gameStartTime: '2031-05-03T19:30:00.000Z' });
    const { api } = serveGames([hostGame()], {
      'PATCH /api/host/games/:gameUuid': (call) => ({ body: hostGame(call.body as Partial<HostGame>) }),
      'POST /api/host/games/:gameUuid/duplicate': () => ({ status: 201, body: copy }),
    });
    renderGames();
    const user = userEvent.setup();
    const [row] = await waitFor(() => gameRows());

    await user.click(within(row!).getByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('form', { name: 'Edit game' });
    expect(field(edit, 'Max tickets')).toHaveValue(10);
    expect(field(edit, 'Full house (£)')).toHaveValue('180.00');
    await user.clear(field(edit, 'Max tickets'));
    await user.type(field(edit, 'Max tickets'), '20');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Game saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/host/games/${GAME}`)[0]!.body).toMatchObject({ maxTickets: 20 });
    expect(screen.getByRole('form', { name: 'Schedule a game' })).toBeInTheDocument();

    await user.click(within(gameRows()[0]!).getByRole('button', { name: 'Duplicate' }));
    const duplicate = screen.getByRole('form', { name: 'Duplicate game' });
    expect(duplicate).toHaveTextContent(
      /Same tickets, prizes, timings and video as the game of .*, with a new seed\./,
    );
    await expectNoAxeViolations();
    fireEvent.change(field(duplicate, /^New start/), { target: { value: '2031-05-03T20:30' } });
    await user.click(within(duplicate).getByRole('button', { name: 'Duplicate' }));
    expect(
      await screen.findByText(`Copy scheduled for ${formatStart(copy.gameStartTime)}`),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/host/games/${GAME}/duplicate`)[0]!.body).toEqual({
      gameStartTime: new Date('2031-05-03T20:30').toISOString(),
    });
  });

  it('cancels a game only once confirmed', async () => {
    const { api } = serveGames([hostGame()], {
      'POST /api/host/games/:gameUuid/cancel': () => ({ body: hostGame({ state: 'cancelled' }) }),
    });
    renderGames();
    const user = userEvent.setup();
    const [row] = await waitFor(() => gameRows());

    await user.click(within(row!).getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this game?' });
    expect(confirm).toHaveTextContent(
      'its tickets are released and their holders told. This cannot be undone.',
    );
    await expectNoAxeViolations();
    await user.click(within(confirm).getByRole('button', { name: 'Go back' }));
    expect(api.callsTo('POST', `/api/host/games/${GAME}/cancel`)).toEqual([]);

    await user.click(within(row!).getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel game' }));
    expect(await screen.findByText('Game cancelled')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/host/games/${GAME}/cancel`)).toHaveLength(1);
  });
});
