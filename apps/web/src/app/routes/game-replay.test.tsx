import { GameErrorCode } from '@ruthless/protocol';
import { gameReplaySchema, type GameReplay } from '@ruthless/protocol/replay';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGameStore } from '@/lib/live-game/game-store';
import { useServerClockStore } from '@/stores/server-clock-store';
import { currentLocation, renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { FakeShow } from '@test/live-game';
import { GameReplayRoute } from './game-replay';

// The screen's states before a show plays: waiting for the log, and each refusal of the server
// (apps/server/src/routes/api/replays). The show played again is the browser journey's
// (e2e/game-replay.spec.ts), on a real stored show.

const gameUuid = '8d5e3c1a-2b4f-4c6d-9e8f-0a1b2c3d4e5f';
const route = '/game/:id/replay';

const now = Date.UTC(2026, 10, 27, 21, 0, 0);
const SECOND = 1000;

/**
 * A show played an hour ago, as `GET /api/replays/{id}` answers it: the green room opened a minute
 * before the start, three tickets claimed in it, the draw to the full house, a final of 20 s, the
 * reveal and the end.
 */
function playedShow() {
  const opened = now - 60 * 60 * SECOND;
  const show = new FakeShow({
    gameUuid,
    gameStartTime: new Date(opened + 60 * SECOND).toISOString(),
    timings: {
      greenRoomMs: 60 * SECOND,
      reelsMs: 5 * SECOND,
      luckyFateMs: 15 * SECOND,
      ruthlessMs: 20 * SECOND,
    },
  });
  const names = { 'player-ann': 'Ann', 'player-ben': 'Ben', 'player-cat': 'Cat' };
  show.before(show.greenRoom()(opened));
  let claimedAt = opened;
  for (const [id, name] of Object.entries(names))
    show.before(show.claim(id, name)((claimedAt += 10 * SECOND)));
  show.before(show.reels()(opened + 60 * SECOND));
  show.before(show.luckyFate()(opened + 65 * SECOND)).before(show.draw()(opened + 80 * SECOND));
  let at = opened + 80 * SECOND;
  while (show.state.currentPrize !== null) show.before(show.ball()((at += 4 * SECOND)));
  const finalAt = (at += 5 * SECOND);
  show.before(show.ruthless()(finalAt)).before(show.reveal()(finalAt + 20 * SECOND));
  show.before(show.end()(finalAt + 40 * SECOND));
  const { setup } = show.state;
  const replay: GameReplay = gameReplaySchema.parse({
    ...show.eventLog(),
    roomUuid: show.roomUuid,
    gameStartTime: show.gameStartTime,
    videoSource: null,
    videoStartedAt: null,
    setup: {
      prizes: setup.prizes,
      luckyFateMode: setup.luckyFateMode,
      timings: setup.timings,
      rolloverPence: setup.rolloverPence,
      maxTickets: null,
    },
    names,
    you: null,
  });
  return { replay, opened, finalAt };
}

describe('Watch again (/game/{id}/replay)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  describe('a show played again, on its own clock', { timeout: 30_000 }, () => {
    const openAt = (replay: GameReplay, seconds: number) => {
      // The page's clock and tickers are the test's: nothing moves unless the test moves it.
      vi.useFakeTimers({ now, toFake: ['Date', 'setInterval', 'clearInterval'] });
      useServerClockStore.setState({ offsetMs: 0, measured: false });
      useGameStore.getState().reset('');
      serveApi({ 'GET /api/replays/:id': () => ({ body: replay }) });
      renderWithApp(<GameReplayRoute />, { path: `/game/${gameUuid}/replay?t=${seconds}`, route });
    };

    it('its green room at 0:02 says the three who played and the minute left then', async () => {
      const { replay } = playedShow();
      openAt(replay, 2);
      const room = await screen.findByRole('region', { name: 'The Green Room' }, { timeout: 10_000 });
      // The player's ticker runs (a fifth of a second of the show).
      await act(() => vi.advanceTimersByTime(200));
      expect(room).toHaveTextContent('3 players are in');
      expect(within(room).getByRole('timer')).toHaveAccessibleName('Show starts in 0:58');
      expect(within(room).getByRole('timer')).toHaveTextContent('0:58');
      await expectNoAxeViolations();
    });

    it('seeked to the final and paused, the counter shows the seconds left then, and keeps them', async () => {
      const { replay, opened, finalAt } = playedShow();
      openAt(replay, (finalAt - opened) / SECOND + 1);
      await screen.findByRole('heading', { level: 1, name: 'The Final' }, { timeout: 10_000 });
      await act(() => vi.advanceTimersByTime(200));
      await userEvent.setup().click(screen.getByRole('button', { name: 'Pause' }));
      const counter = screen.getByTestId('ruthless-counter');
      expect(counter).toHaveAccessibleName('19 seconds left to choose');
      await act(() => vi.advanceTimersByTime(5 * SECOND));
      expect(screen.getByTestId('ruthless-counter')).toHaveAccessibleName('19 seconds left to choose');
    });
  });

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
