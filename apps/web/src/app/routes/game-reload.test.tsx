import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinGameResult } from '@ruthless/protocol';
import { StartUpGate } from '@/features/auth/components/start-up-gate';
import { signOut } from '@/lib/auth-client';
import { useChatStore } from '@/lib/chat/chat-store';
import { useGameStore } from '@/lib/live-game/game-store';
import { keepLastKnownShow, lastKnownShow, rememberTokenHolder } from '@/lib/live-game/last-known-show';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi, type ApiAnswer } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import {
  forgetAuthSession,
  identityToken,
  noSession,
  PLAYER_UUID,
  sessionBody,
  userSettings,
} from '@test/auth';
import { FakeShow, fakeSocket, resetFakeSocket, roomOf } from '@test/live-game';
import { GameRoute } from './game';

vi.mock('socket.io-client', async () => (await import('@test/live-game')).socketIoClient);
// The route fetches the chat panel's code once the page has settled (4 s after the load, app/when-settled.ts):
// at once here, so no timer of a test outlives the file's window (it fired after the teardown).
vi.mock('@/app/when-settled', () => ({ whenSettled: (task: () => void) => task() }));

// Issue 41, item 13: a reload of /game/{id} shows the show as the phone last had it at once,
// marked Reconnecting…, while the start-up gate (session, token, sounds, settings) and the socket
// catch up, then the live show; only the signed-in player's own show, and nothing of it is kept
// past the show's end or a sign-out.

/** An answer held back until `release()`: the server that has not answered yet. */
function held<T>(answer: () => T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { answer: async () => (await gate, answer()), release };
}

/** The server behind the gate and the show: each answer may be held (`session`, `token`). */
function serveServer(
  show: FakeShow,
  { session, token }: { session?: () => Promise<ApiAnswer>; token?: () => Promise<ApiAnswer> } = {},
) {
  const api = serveApi({
    'GET /api/auth/get-session': session ?? (() => ({ body: sessionBody() })),
    'GET /api/auth/token': token ?? (() => ({ body: { token: identityToken() } })),
    'GET /api/operator/user': () => ({ body: userSettings() }),
    'POST /api/auth/sign-out': () => ({ body: { success: true } }),
    'GET /api/rooms': () => ({ body: [roomOf(show)] }),
    'GET /media/calls/index.json': () => ({ body: {} }),
    'GET /api/games/:id/results': () => ({ body: show.results() }),
  });
  forgetAuthSession();
  return api;
}

/** The app at /game/{id} behind the start-up gate, as a full page load opens it. */
function openPage(show: FakeShow) {
  return renderWithApp(
    <Routes>
      <Route element={<StartUpGate />}>
        <Route path="game/:id" element={<GameRoute />} />
      </Route>
    </Routes>,
    {
      path: `/game/${show.gameUuid}`,
      route: '/*',
      routes: [{ path: '/login', element: <h1>Take your seat</h1> }],
    },
  );
}

/** A reload: the page goes, and the new one starts with the app's stores as at a page load. */
function reload() {
  cleanup();
  useGameStore.getState().reset('');
  useChatStore.getState().reset('');
  useSessionStore.getState().reset();
  fakeSocket.emitted.length = 0;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const currentBall = () =>
  within(screen.getByRole('region', { name: 'Current ball' })).getByTestId('current-ball');
/** The pill over the screen while it is not live. */
const reconnecting = () => within(screen.getByTestId('game-screen')).queryByText('Reconnecting…');
const joins = () => fakeSocket.emitted.filter(([event]) => event === 'game:join');

/** The numbers of my ticket shown as marked. */
function markedOnTicket(): number[] {
  const table = within(screen.getByRole('region', { name: /^Your ticket/ })).getByRole('table', {
    name: 'Ticket numbers',
  });
  return within(table)
    .queryAllByRole('cell', { name: /, marked$/ })
    .map((cell) => Number.parseInt(cell.getAttribute('aria-label')!, 10))
    .sort((a, b) => a - b);
}

/** My ticket's numbers among the balls called. */
function markedBy(show: FakeShow): number[] {
  const called = new Set(show.state.balls);
  return (show.you()?.ticket ?? [])
    .flat()
    .filter((n): n is number => n !== null && called.has(n))
    .sort((a, b) => a - b);
}

/** A show I hold a ticket in, with a rival, in its draw with 20 balls called. */
function showInTheDraw() {
  const show = new FakeShow({ timings: { ballIntervalMs: 60_000, ruthlessMs: 60_000 } });
  show.me = PLAYER_UUID;
  show.before(show.claim(PLAYER_UUID, 'Ada')).before(show.claim('player-rex', 'Rex')).upToDraw();
  return show.ballsBefore((state) => state.balls.length >= 20);
}

/** Plays the page live until it shows `title`: the phone then keeps the show for a reload. */
async function watchLive(show: FakeShow, title: string) {
  show.serve();
  serveServer(show);
  openPage(show);
  await heading(title);
  await waitFor(() => expect(reconnecting()).not.toBeInTheDocument());
  await waitFor(() => expect(lastKnownShow(show.gameUuid, PLAYER_UUID)).not.toBeNull());
}

beforeEach(() => {
  resetFakeSocket();
  useGameStore.getState().reset('');
  useChatStore.getState().reset('');
  useChatStore.setState({ isOpen: false });
  useSessionStore.getState().reset();
  // The game sounds are the sound module's own test; here they have loaded.
  useClientStore.setState({ soundLoaded: true, isPreview: false, footerSlot: null });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a reload of the show', { timeout: 30_000 }, () => {
  it('shows the show the phone had at once, Reconnecting…, before the session, the token or the socket answer; then the live show', async () => {
    const show = showInTheDraw();
    await watchLive(show, 'Eyes Down');
    const shownBefore = show.state.balls.at(-1)!;
    const marks = markedBy(show);
    expect(marks.length).toBeGreaterThan(0);

    reload();
    // Meanwhile the show went on; the server answers nothing yet.
    show.before(show.ball());
    const session = held(() => ({ body: sessionBody() }));
    const join = held((): JoinGameResult => ({ ok: true, snapshot: show.snapshot(), missed: [] }));
    fakeSocket.answer('game:join', join.answer);
    const api = serveServer(show, { session: session.answer });
    openPage(show);

    expect(await heading('Eyes Down')).toBeInTheDocument();
    await waitFor(() => expect(currentBall()).toHaveAttribute('data-ball', String(shownBefore)));
    expect(markedOnTicket()).toEqual(marks);
    expect(
      screen.getByRole('region', { name: `Your ticket: ${marks.length} of 15 numbers marked` }),
    ).toBeVisible();
    expect(reconnecting()).toBeVisible();
    expect(screen.queryByText('Loading initial data...')).not.toBeInTheDocument();
    // Without the player's token the screen does not join: it would join as a spectator. The token
    // is asked for beside the session, not after it.
    expect(joins()).toEqual([]);
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/token')).toHaveLength(1));
    await expectNoAxeViolations();

    // The gate settles with that token; the join is on its way: still the kept show.
    session.release();
    await waitFor(() => expect(joins()).toHaveLength(1));
    expect(api.callsTo('GET', '/api/auth/token')).toHaveLength(1);
    expect(currentBall()).toHaveAttribute('data-ball', String(shownBefore));
    expect(reconnecting()).toBeInTheDocument();

    // The server answers: its show replaces the kept one, the new ball at rest.
    join.release();
    await waitFor(() => expect(currentBall()).toHaveAttribute('data-ball', String(show.state.balls.at(-1))));
    expect(currentBall()).not.toHaveAttribute('data-drop');
    await waitFor(() => expect(reconnecting()).not.toBeInTheDocument());
    expect(markedOnTicket()).toEqual(markedBy(show));
  });

  it('sends no SHARE or STEAL from the kept show: a choice tapped then waits unsent, and goes once the server’s show is in', async () => {
    const show = showInTheDraw();
    show.ballsBefore().before(show.ruthless());
    await watchLive(show, 'The Final');

    reload();
    const join = held((): JoinGameResult => ({ ok: true, snapshot: show.snapshot(), missed: [] }));
    fakeSocket.answer('game:join', join.answer);
    fakeSocket.answer('game:choice', () => ({ ok: true }));
    const api = serveServer(show);
    openPage(show);
    expect(await heading('The Final')).toBeInTheDocument();
    await waitFor(() => expect(joins()).toHaveLength(1));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Steal' }));
    expect(screen.getByTestId('choice-note')).toHaveTextContent(
      'Your STEAL is not sent yet: it goes as soon as you are back online.',
    );
    expect(fakeSocket.emitted.filter(([event]) => event === 'game:choice')).toEqual([]);
    expect(api.callsTo('POST', `/api/games/${show.gameUuid}/choice`)).toEqual([]);

    join.release();
    await waitFor(() =>
      expect(fakeSocket.emitted).toContainEqual([
        'game:choice',
        { gameUuid: show.gameUuid, choice: 'steal' },
      ]),
    );
    expect(await screen.findByText(/You chose to STEAL/)).toBeInTheDocument();
  });

  it('never shows a show kept for another player: the page waits for the server as before, and that show is forgotten', async () => {
    const show = showInTheDraw();
    show.serve();
    // The phone's last player kept their show; this player's token is the newest.
    const theirs = new FakeShow();
    theirs.me = 'player-before-me';
    theirs
      .before(theirs.claim('player-before-me', 'Bea'))
      .upToDraw()
      .ballsBefore((state) => state.balls.length >= 10);
    keepLastKnownShow({
      gameUuid: show.gameUuid,
      owner: 'player-before-me',
      savedAt: Date.now(),
      view: { ...theirs.view(), roomUuid: show.roomUuid },
      you: theirs.you(),
      myChoice: null,
      myLuckyFatePick: null,
    });
    rememberTokenHolder(PLAYER_UUID, Date.now() + 10 * 60_000);
    const session = held(() => ({ body: sessionBody() }));
    serveServer(show, { session: session.answer });
    openPage(show);

    expect(await screen.findByText('Loading initial data...')).toBeInTheDocument();
    expect(screen.queryByTestId('game-screen')).not.toBeInTheDocument();

    session.release();
    expect(await heading('Eyes Down')).toBeInTheDocument();
    await waitFor(() => expect(currentBall()).toHaveAttribute('data-ball', String(show.state.balls.at(-1))));
    expect(markedOnTicket()).toEqual(markedBy(show));
    expect(lastKnownShow(show.gameUuid, 'player-before-me')).toBeNull();
  });

  it('keeps nothing past the show’s end, nor past a sign-out: the next reload waits for the server', async () => {
    const show = showInTheDraw();
    await watchLive(show, 'Eyes Down');
    // The show plays to its end (the counter and the reveal given their times, not waited for)
    // while the line drops; back, the phone is told the rest.
    show.ballsBefore().before(show.ruthless());
    show.before((at) => show.reveal()(at + 61_000)).before((at) => show.end()(at + 120_000));
    await act(async () => {
      fakeSocket.disconnect();
      fakeSocket.connect();
      await Promise.resolve();
    });
    await heading('That’s the Show');
    expect(lastKnownShow(show.gameUuid, PLAYER_UUID)).toBeNull();

    // Another show, live, then the player signs out: neither the show nor whose token it was stays.
    reload();
    resetFakeSocket();
    const next = showInTheDraw();
    await watchLive(next, 'Eyes Down');
    await act(() => signOut());
    expect(lastKnownShow(next.gameUuid, PLAYER_UUID)).toBeNull();
    expect(lastKnownShow(next.gameUuid, undefined)).toBeNull();
    expect(sessionStorage.length).toBe(0);

    // The next person on the phone reloads: the gate, then the sign-in page; nothing of the show.
    reload();
    serveServer(next, { session: async () => noSession() });
    openPage(next);
    expect(
      await screen.findByRole('heading', { name: 'Take your seat' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    expect(screen.queryByTestId('game-screen')).not.toBeInTheDocument();
  });
});
