import { GameErrorCode } from '@ruthless/protocol';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { GameReplayRoute } from './game-replay';

// The screen's states before a show plays: waiting for the log, and each refusal of the server
// (apps/server/src/routes/api/replays). The show played again is the browser journey's
// (e2e/game-replay.spec.ts), on a real stored show.

const gameUuid = '8d5e3c1a-2b4f-4c6d-9e8f-0a1b2c3d4e5f';
const route = '/game/:id/replay';

describe('Watch again (/game/{id}/replay)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says it is tuning in while the log loads', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    serveApi({ 'GET /api/replays/:id': () => new Promise((resolve) => (answer = resolve)) });
    renderWithApp(<GameReplayRoute />, { path: `/game/${gameUuid}/replay`, route });
    const waiting = await screen.findByText('Tuning in to the show…');
    expect(waiting.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    answer({ status: 404, body: { statusCode: 404, code: GameErrorCode.notFound, message: 'x' } });
  });

  it.each([
    [409, GameErrorCode.notEnded, 'A show can be watched again once it has ended.'],
    [404, GameErrorCode.notFound, 'This game does not exist.'],
  ])(
    "answered %i, says it can't, with the server's words, and goes back to the lobby",
    async (status, code, message) => {
      const api = serveApi({
        'GET /api/replays/:id': () => ({ status, body: { statusCode: status, code, message } }),
      });
      renderWithApp(<GameReplayRoute />, { path: `/game/${gameUuid}/replay`, route });
      const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
      expect(alert).toHaveTextContent('Can’t watch this show again');
      expect(alert).toHaveTextContent(message);
      expect(api.callsTo('GET', `/api/replays/${gameUuid}`).length).toBeGreaterThanOrEqual(1);
      await expectNoAxeViolations();
      await userEvent.setup().click(screen.getByRole('link', { name: 'Back to the lobby' }));
      expect(currentLocation()).toBe('/');
    },
  );

  it('shows the not-found page for an address that is not a game, without asking the server', () => {
    const api = serveApi({});
    renderWithApp(<GameReplayRoute />, { path: '/game/nope/replay', route });
    expect(screen.getByRole('heading', { name: "That number's not on the board" })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
