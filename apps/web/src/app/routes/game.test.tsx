import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@ruthless/protocol';
import { userSettingsSchema } from '@ruthless/protocol/user-settings';
import { AppLayout } from '@/components/layouts/app-layout';
import { RootLayout } from '@/components/layouts/root-layout';
import { useUserSettings } from '@/features/auth/api/get-user-settings';
import { useChatStore } from '@/lib/chat/chat-store';
import { useGameStore } from '@/lib/live-game/game-store';
import { isMuted, setMuted } from '@/lib/sound';
import { useClientStore } from '@/stores/client-store';
import { useLobbyStore } from '@/stores/lobby-store';
import { useSessionStore } from '@/stores/session-store';
import { serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { FakeShow, fakeSocket, push, resetFakeSocket, roomOf } from '@test/live-game';
import { GameRoute } from './game';

vi.mock('socket.io-client', async () => (await import('@test/live-game')).socketIoClient);
// The route fetches the chat panel's code once the page has settled (4 s after the load, app/when-settled.ts):
// at once here, so no timer of a test outlives the file's window (it fired after the teardown).
vi.mock('@/app/when-settled', () => ({ whenSettled: (task: () => void) => task() }));

// The /game/{id} route in the app's frame (root layout, bottom bar): the preview's front door and
// its read-only screen, the exit confirmation, the Sound Interaction Required modal, the room's
// theme, a bad address, the chat by keyboard and a host's reset of the player's chat name.

const me = 'player-me';

/** The screen at `stage` (its title), once tuned in (the first view mounts as a transition). */
async function onStage(title: string) {
  const found = await screen.findByRole('heading', { level: 1, name: title });
  await waitFor(() => expect(screen.queryByText('Tuning in to the show…')).not.toBeInTheDocument(), {
    timeout: 10_000,
  });
  return found;
}

/** Where the lobby would be: the route a Leave goes to, with the room its carousel opens on. */
function Lobby() {
  const room = useLobbyStore((state) => state.selectedRoomUuid);
  return (
    <>
      <h1>The lobby</h1>
      <output aria-label="Lobby room">{room ?? ''}</output>
    </>
  );
}

/** The player's settings, as the start-up gate keeps them (refetched when the host resets the name). */
function Settings() {
  const settings = useUserSettings(me);
  return <output aria-label="Chat name">{settings.data?.alias ?? ''}</output>;
}

/** The app's frame around the game route, at `path`. */
function openApp(path: string, { withSettings = false } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                path: '/game/:id',
                element: (
                  <>
                    <GameRoute />
                    {withSettings && <Settings />}
                  </>
                ),
              },
              { path: '/', element: <Lobby /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer position="top-right" autoClose={false} theme="dark" newestOnTop />
    </QueryClientProvider>,
  );
  return router;
}

function serve(
  show: FakeShow,
  routes: Record<string, ApiHandler> = {},
  theme: 'DEFAULT' | 'RED' = 'DEFAULT',
) {
  return serveApi({
    'GET /media/calls/index.json': () => ({ body: {} }),
    'GET /api/rooms': () => ({ body: [roomOf(show, { name: 'Ruby Rush', theme })] }),
    ...routes,
  });
}

/** The browser's autoplay rule: with sound only once `allowed()` (a tap counted), muted always. */
function autoplayPolicy(allowed: () => boolean) {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    return this.muted || allowed()
      ? Promise.resolve()
      : Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
  });
}

beforeEach(() => {
  resetFakeSocket();
  useGameStore.getState().reset('');
  useChatStore.getState().reset('');
  useChatStore.setState({ isOpen: false });
  useClientStore.setState({ isPreview: false, footerSlot: null, backgroundTheme: 'DEFAULT' });
  useClientStore.getState().setLiveVideo({ needsUserInput: false, isSuspended: false });
  useSessionStore.setState({ playerUuid: me, accessToken: 'token-of-me' });
  autoplayPolicy(() => true);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setMuted(false);
});

function greenRoomShow() {
  const show = new FakeShow({ timings: { reelsMs: 600, luckyFateMs: 60_000 } });
  show.me = me;
  return show.before(show.claim(me, 'Mia')).before(show.greenRoom());
}

/** The green room's game opened with its join unanswered until `answerJoin()`. */
async function openWithTheJoinHeld() {
  let answerJoin!: () => void;
  const answerAfter = new Promise<void>((resolve) => (answerJoin = resolve));
  const show = greenRoomShow().serve({ answerAfter });
  serve(show);
  const router = openApp(`/game/${show.gameUuid}`);
  await screen.findByRole('navigation', { name: 'Main' });
  return { router, show, answerJoin };
}

/** Leave, in the exit dialog: the lobby opens. */
async function leaveInTheLobby(
  user: Pick<typeof userEvent, 'click'>,
  router: { state: { location: { pathname: string } } },
) {
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Leave the show?' })).getByRole('button', {
      name: 'Leave',
    }),
  );
  expect(await screen.findByRole('heading', { name: 'The lobby' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
}

describe('the game route', { timeout: 30_000 }, () => {
  it('a bad address is the not-found page, not the server’s validation message', async () => {
    serveApi({});
    openApp('/game/not-a-uuid');
    expect(
      await screen.findByRole('heading', { name: 'That number’s not on the board'.replace('’', "'") }),
    ).toBeInTheDocument();
    expect(screen.queryByText('gameUuid must be a valid id')).not.toBeInTheDocument();
  });

  it('preview: the front door names the room and the start; then read-only, no bottom bar, the video muted at volume 0', async () => {
    const show = greenRoomShow();
    show.serve({ preview: true });
    serve(show);
    autoplayPolicy(() => false);
    openApp(`/game/${show.gameUuid}?preview=1`);

    expect(await screen.findByRole('heading', { name: 'Ruby Rush' })).toBeInTheDocument();
    expect(screen.getByText('Preview mode')).toBeInTheDocument();
    const start = new Date(show.gameStartTime);
    const when = screen.getByRole('time');
    expect(when).toHaveAttribute('datetime', show.gameStartTime);
    expect(when.textContent).toMatch(
      new RegExp(`^${start.toLocaleDateString('en-GB', { weekday: 'long' })} ${start.getDate()} `),
    );
    expect(screen.queryByText(show.gameUuid.slice(0, 8))).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await expectNoAxeViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Start preview' }));
    expect(await onStage('Green Room')).toBeInTheDocument();
    expect(screen.getByText('Preview · read-only')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    // Forced muted at volume 0, so the browser's sound rule never asks for a tap.
    const video = screen.getByTestId('host-video') as HTMLVideoElement;
    await waitFor(() => expect(video).toHaveProperty('muted', true));
    expect(video.volume).toBe(0);
    video.muted = false;
    video.volume = 1;
    video.dispatchEvent(new Event('volumechange'));
    expect(video.muted).toBe(true);
    expect(video.volume).toBe(0);
    expect(screen.queryByRole('dialog', { name: 'Sound Interaction Required' })).not.toBeInTheDocument();

    // Read-only: no ticket, and the lucky-fate cards cannot be picked; the chat is read-only.
    await show.happen(show.reels());
    await show.happen(show.luckyFate());
    // The screen takes the stage from the live feed a render or two after the event.
    await screen.findByRole('heading', { level: 1, name: 'Lucky Fate' }, { timeout: 5_000 });
    expect(screen.getByText('Players are picking their lucky-fate cards.')).toBeInTheDocument();
    for (const card of ['Card 1', 'Card 2', 'Card 3'])
      expect(screen.getByRole('button', { name: card })).toBeDisabled();
    expect(screen.queryByRole('region', { name: /Your ticket/ })).not.toBeInTheDocument();
    expect(screen.queryByText('You are watching: no ticket for this show.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Show status')).toHaveTextContent('Players1');
    expect(fakeSocket.emitted.filter(([event]) => event === 'game:lucky-fate')).toEqual([]);
    await expectNoAxeViolations();
  });

  it('leaving asks first: the logo opens Leave the show?, Stay keeps the show, Leave goes to the lobby', async () => {
    const show = greenRoomShow().serve();
    serve(show);
    const router = openApp(`/game/${show.gameUuid}`);
    await onStage('Green Room');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Chat' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: 'Games Lobby' }));
    const exit = await screen.findByRole('dialog', { name: 'Leave the show?' });
    expect(exit).toHaveTextContent('Are you sure you want to leave the game?');
    expect(exit).toHaveTextContent(
      'The show carries on without you: your ticket keeps marking itself and any prize is still yours.',
    );
    await expectNoAxeViolations();
    await user.click(within(exit).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog', { name: 'Leave the show?' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/game/${show.gameUuid}`);

    await user.click(within(nav).getByRole('link', { name: 'Games Lobby' }));
    await leaveInTheLobby(user, router);
    // Back in the lobby, its carousel shows the room of the show left.
    expect(screen.getByRole('status', { name: 'Lobby room' })).toHaveTextContent(show.roomUuid);
  });

  it('opened by a full load (a reload, a shared link): the first Back asks first, and Leave opens the lobby on the show’s room', async () => {
    useLobbyStore.setState({ selectedRoomUuid: 'another-room' });
    const show = greenRoomShow().serve();
    serve(show);
    // One entry: nothing of the app is behind the game page, as after a reload.
    const router = openApp(`/game/${show.gameUuid}`);
    await onStage('Green Room');

    await act(() => router.navigate(-1));
    const exit = await screen.findByRole('dialog', { name: 'Leave the show?' });
    await userEvent.click(within(exit).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog', { name: 'Leave the show?' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/game/${show.gameUuid}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Green Room' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    await leaveInTheLobby(userEvent, router);
    expect(screen.getByRole('status', { name: 'Lobby room' })).toHaveTextContent(show.roomUuid);
  });

  it('a tap on the lobby while the join is under way keeps Leave the show? up when the show answers', async () => {
    // The join's answer held back: the tap comes first, as on a slow connection after a full load.
    const { router, answerJoin } = await openWithTheJoinHeld();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    const user = userEvent.setup();
    await user.click(within(nav).getByRole('link', { name: 'Games Lobby' }));
    await screen.findByRole('dialog', { name: 'Leave the show?' });
    answerJoin();
    await onStage('Green Room');
    expect(screen.getByRole('dialog', { name: 'Leave the show?' })).toBeInTheDocument();
    await leaveInTheLobby(user, router);
  });

  it('a tap on the lobby in the moment the show answers still opens Leave the show?', async () => {
    // The router draws a held move in a transition; the show's answer renders at once. The answer
    // rendered first once put the guard's own entry in and so dropped the held tap: no modal, no
    // move (a browser test hung on it after a full load of the game).
    const { router, show, answerJoin } = await openWithTheJoinHeld();

    // Outside act(), so React schedules each render as in a browser: the answer's first.
    const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      void router.navigate('/');
      answerJoin();
      await onStage('Green Room');
    } finally {
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(await screen.findByRole('dialog', { name: 'Leave the show?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/game/${show.gameUuid}`);
    await leaveInTheLobby(userEvent, router);
  });

  it('Sound Interaction Required: autoplay with sound refused, Confirm fails then plays with sound', async () => {
    let allowed = false;
    autoplayPolicy(() => allowed);
    const show = greenRoomShow().serve();
    serve(show);
    openApp(`/game/${show.gameUuid}`);
    await onStage('Green Room');
    expect(screen.getByRole('region', { name: /^Your ticket/ })).toBeInTheDocument();

    const modal = await screen.findByRole('dialog', { name: 'Sound Interaction Required' });
    expect(modal).toHaveTextContent(
      'Host live video requires permission on your device. Please confirm to allow audio.',
    );
    // The picture plays silently meanwhile.
    const video = screen.getByTestId('host-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    await expectNoAxeViolations();

    const user = userEvent.setup();
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'The video could not start with sound. Please try again.',
    );
    expect(await screen.findByText('Error resuming audio context.')).toBeInTheDocument();
    expect(modal).toBeInTheDocument();

    allowed = true;
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sound Interaction Required' })).not.toBeInTheDocument(),
    );
    expect(video.muted).toBe(false);
  });

  it('Sound Interaction Required: Continue without sound mutes the app and plays the picture', async () => {
    autoplayPolicy(() => false);
    const show = greenRoomShow().serve();
    serve(show);
    openApp(`/game/${show.gameUuid}`);
    const modal = await screen.findByRole('dialog', { name: 'Sound Interaction Required' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Continue without sound' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sound Interaction Required' })).not.toBeInTheDocument(),
    );
    expect(isMuted()).toBe(true);
    expect(screen.getByTestId('host-video')).toHaveProperty('muted', true);
  });

  it('a show in a red room wears its theme', async () => {
    const show = greenRoomShow().serve();
    serve(show, {}, 'RED');
    openApp(`/game/${show.gameUuid}`);
    await onStage('Green Room');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('RED'));
  });

  it('the chat by keyboard: Tab to Chat, Enter opens it, type and Enter sends, Escape closes', async () => {
    const show = greenRoomShow().serve();
    const sent: string[] = [];
    serve(show, {
      'POST /api/chat': (call) => {
        const { chatContent } = call.body as { chatContent: string };
        sent.push(chatContent);
        const message: ChatMessage = {
          seq: sent.length,
          messageUuid: `message-${sent.length}`,
          gameUuid: show.gameUuid,
          playerUuid: me,
          alias: 'Mia',
          text: chatContent,
          sentAt: new Date().toISOString(),
          fromHost: false,
        };
        return { status: 201, body: { message } };
      },
    });
    openApp(`/game/${show.gameUuid}`);
    await onStage('Green Room');

    const user = userEvent.setup();
    const chat = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
      name: 'Chat',
    });
    for (let presses = 0; presses < 40 && document.activeElement !== chat; presses++) await user.tab();
    expect(chat).toHaveFocus();
    await user.keyboard('{Enter}');
    const box = await screen.findByRole('textbox', { name: 'Chat message' });
    for (let presses = 0; presses < 40 && document.activeElement !== box; presses++) await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard('Typed, not tapped{Enter}');
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(await within(log).findByText('Typed, not tapped')).toBeInTheDocument();
    expect(sent).toEqual(['Typed, not tapped']);
    await expectNoAxeViolations();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(useChatStore.getState().isOpen).toBe(false));
  });

  it('the chat open as the lucky fate and the final start closes, so the cards and SHARE/STEAL are free; opened again it is a short sheet', async () => {
    const show = new FakeShow({ timings: { reelsMs: 600, luckyFateMs: 60_000, ruthlessMs: 60_000 } });
    show.me = me;
    show.before(show.claim(me, 'Mia')).before(show.claim('player-rival', 'Ava')).before(show.greenRoom());
    show.serve();
    serve(show);
    openApp(`/game/${show.gameUuid}`);
    await onStage('Green Room');
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Chat' }));
    const chat = await screen.findByTestId('chat-panel');
    expect(chat).toBeVisible();

    await show.happen(show.reels());
    await show.happen(show.luckyFate());
    await screen.findByRole('heading', { level: 1, name: 'Lucky Fate' }, { timeout: 5_000 });
    await waitFor(() => expect(chat).not.toBeVisible());
    expect(screen.getByRole('button', { name: 'Card 1' })).toBeEnabled();
    await user.click(within(nav).getByRole('button', { name: 'Chat' }));
    expect(chat).toBeVisible();
    expect(chat).toHaveAttribute('data-compact', 'true');

    await show.happen(show.draw());
    await screen.findByRole('heading', { level: 1, name: 'Eyes Down' }, { timeout: 5_000 });
    expect(chat).not.toHaveAttribute('data-compact');
    show.ballsBefore();
    await show.happen(show.ruthless());
    await screen.findByRole('heading', { level: 1, name: 'The Final' }, { timeout: 5_000 });
    await waitFor(() => expect(chat).not.toBeVisible());
    expect(screen.getByRole('slider', { name: 'Share or steal' })).toBeInTheDocument();
  });

  it('the host resets my chat name mid-show: my settings are fetched again, the show stays', async () => {
    const show = greenRoomShow().serve();
    let alias = 'Rude1';
    const api = serve(show, {
      'GET /api/operator/user': () => ({
        body: userSettingsSchema.parse({
          alias,
          phoneNumber: '+447911123456',
          defaultChoice: 'share',
          dobDay: 1,
          dobMonth: 2,
          dobYear: 1990,
          marketingAccepted: false,
        }),
      }),
    });
    const router = openApp(`/game/${show.gameUuid}`, { withSettings: true });
    await onStage('Green Room');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Chat name' })).toHaveTextContent('Rude1'));
    const before = api.callsTo('GET', '/api/operator/user').length;

    // Another player's reset is not mine.
    await push('player:renamed', show.renamed('player-other', 'Player', true));
    expect(api.callsTo('GET', '/api/operator/user')).toHaveLength(before);

    alias = '';
    await push('player:renamed', show.renamed(me, 'Player', true));
    await waitFor(() => expect(api.callsTo('GET', '/api/operator/user')).toHaveLength(before + 1));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Green Room');
    expect(router.state.location.pathname).toBe(`/game/${show.gameUuid}`);
  });
});
