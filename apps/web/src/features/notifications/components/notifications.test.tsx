import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClaimTicket } from '@/api/claim-ticket';
import { followServiceWorker } from '@/lib/service-worker';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { activeTicket, claimResponse } from '@test/lobby';
import { signInPlayer } from '@test/profile';
import { notificationMessages as text } from '../messages';
import { FollowRoomButton } from './follow-room-button';
import { NotificationSettings } from './notification-settings';
import { NotifyMePrompt } from './notify-me-prompt';
import { showPushToast } from './push-toast';

const SERVER_KEY = `B${'A'.repeat(86)}`;
const GAME = '11111111-1111-4111-8111-111111111111';
const ROOM = '22222222-2222-4222-8222-222222222222';

/**
 * The browser's side of Web Push, as a phone's browser gives it: the permission (its own prompt
 * answered `answer`), the service worker's push manager and the subscription it makes.
 */
function stubBrowserPush({ permission = 'default', answer = 'granted' } = {}) {
  const state = { permission, subscription: null as null | { endpoint: string } };
  const subscribe = vi.fn(async ({ applicationServerKey }: { applicationServerKey: string }) => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1',
      applicationServerKey,
      toJSON: () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1',
        expirationTime: null,
        keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      }),
      unsubscribe: vi.fn(async () => {
        state.subscription = null;
        return true;
      }),
    };
    state.subscription = subscription;
    return subscription;
  });
  const pushManager = { subscribe, getSubscription: async () => state.subscription };
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => ({ pushManager }),
      ready: Promise.resolve({ pushManager }),
      addEventListener: () => {},
    },
  });
  return { state, subscribe, requestPermission };
}

/** The lobby's claim, as far as this offer cares: a button that claims a ticket. */
function ClaimButton() {
  const claim = useClaimTicket();
  return (
    <button type="button" onClick={() => claim.mutate({ gameUuid: GAME, roomUuid: ROOM })}>
      Claim
    </button>
  );
}

function serveClaimsAndPush() {
  return serveApi({
    'POST /api/claim-ticket': () => ({
      status: 201,
      body: claimResponse(activeTicket({ gameUuid: GAME }, ROOM)),
    }),
    'GET /api/tickets/active': () => ({ body: [] }),
    'GET /api/rooms': () => ({ body: [] }),
    'GET /api/push/key': () => ({ body: { publicKey: SERVER_KEY } }),
    'POST /api/push/subscriptions': () => ({ status: 204 }),
    'POST /api/push/unsubscribe': () => ({ status: 204 }),
    'GET /api/push/preferences': () => ({ body: { showStarts: true, followedRooms: true, wins: true } }),
    'PUT /api/push/preferences': (call) => ({ body: call.body }),
  });
}

/** The server's follows, as the routes keep them. */
function serveFollows(following: string[] = []) {
  const rooms = new Set(following);
  return serveApi({
    'GET /api/push/follows': () => ({ body: { roomUuids: [...rooms] } }),
    'PUT /api/push/follows/:roomUuid': (_call, { roomUuid }) => {
      rooms.add(roomUuid!);
      return { status: 204 };
    },
    'DELETE /api/push/follows/:roomUuid': (_call, { roomUuid }) => {
      rooms.delete(roomUuid!);
      return { status: 204 };
    },
    'GET /api/push/key': () => ({ body: { publicKey: SERVER_KEY } }),
    'POST /api/push/subscriptions': () => ({ status: 204 }),
  });
}

describe('notifications', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signInPlayer();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    useSessionStore.getState().reset();
  });

  it('offers them only once a ticket is claimed, and subscribes with the server key and the time zone', async () => {
    const browser = stubBrowserPush();
    const api = serveClaimsAndPush();
    renderWithApp(
      <>
        <ClaimButton />
        <NotifyMePrompt />
      </>,
    );
    // A first visit: nothing asked.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: text.askTitle });
    expect(dialog).toHaveTextContent(text.askBody);
    await expectNoAxeViolations(document.body);

    await userEvent.click(within(dialog).getByRole('button', { name: text.askYes }));
    expect(await screen.findByText(text.on)).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: SERVER_KEY,
    });
    const sent = api.calls.find((call) => call.path === '/api/push/subscriptions');
    expect(sent?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never asks again after "Not now", nor once the browser said no', async () => {
    const browser = stubBrowserPush();
    serveClaimsAndPush();
    renderWithApp(
      <>
        <ClaimButton />
        <NotifyMePrompt />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await userEvent.click(await screen.findByRole('button', { name: text.askNo }));
    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Claim' })).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    localStorage.clear();
    browser.state.permission = 'denied';
    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Claim' })).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("turns this phone's notifications on and off in the profile, one tap each", async () => {
    const browser = stubBrowserPush();
    const api = serveClaimsAndPush();
    renderWithApp(<NotificationSettings />, { path: '/profile' });
    const box = await screen.findByRole('checkbox', { name: text.setting });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    await expectNoAxeViolations(document.body);

    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(browser.subscribe).toHaveBeenCalledTimes(1);

    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(api.calls.find((call) => call.path === '/api/push/unsubscribe')?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1',
    });
    expect(browser.state.subscription).toBeNull();
    expect(await screen.findByText(text.off)).toBeInTheDocument();
  });

  it('says why when the browser blocks them or cannot show them', async () => {
    stubBrowserPush({ permission: 'denied' });
    serveClaimsAndPush();
    const { unmount } = renderWithApp(<NotificationSettings />, { path: '/profile' });
    expect(await screen.findByText(text.blocked)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: text.setting })).toBeDisabled();
    unmount();

    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    serveClaimsAndPush();
    renderWithApp(<NotificationSettings />, { path: '/profile' });
    expect(await screen.findByText(text.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // The kinds are the player's, for their other phones: still theirs to switch.
    expect(await screen.findAllByRole('switch')).toHaveLength(3);
  });

  it("follows a room from its card, offers this phone's notifications once, and stops in one tap", async () => {
    const browser = stubBrowserPush();
    const api = serveFollows();
    renderWithApp(<FollowRoomButton room={{ roomUuid: ROOM, name: 'Ruby Rush' }} />);
    const off = await screen.findByRole('button', { name: text.followName('Ruby Rush'), pressed: false });
    await waitFor(() => expect(off).toBeEnabled());
    expect(off).toHaveTextContent(text.follow);
    await expectNoAxeViolations(document.body);

    await userEvent.click(off);
    const on = await screen.findByRole('button', { name: text.followingName('Ruby Rush'), pressed: true });
    expect(on).toHaveTextContent(text.following);
    expect(await screen.findByText(text.followed('Ruby Rush'))).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/push/follows/${ROOM}`)).toHaveLength(1);
    // The follow is the moment to offer notifications, about the room.
    const dialog = await screen.findByRole('dialog', { name: text.askTitle });
    expect(dialog).toHaveTextContent(text.askFollowBody('Ruby Rush'));
    await expectNoAxeViolations(document.body);
    await userEvent.click(within(dialog).getByRole('button', { name: text.askNo }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(on);
    expect(
      await screen.findByRole('button', { name: text.followName('Ruby Rush'), pressed: false }),
    ).toBeEnabled();
    expect(await screen.findByText(text.unfollowed('Ruby Rush'))).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/push/follows/${ROOM}`)).toHaveLength(1);

    // Following again: "Not now" is remembered, nothing asked.
    await userEvent.click(screen.getByRole('button', { name: text.followName('Ruby Rush') }));
    await screen.findByRole('button', { name: text.followingName('Ruby Rush'), pressed: true });
    await waitFor(() => expect(api.callsTo('PUT', `/api/push/follows/${ROOM}`)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('reads as following for a room followed, and offers nothing on a phone already notified', async () => {
    stubBrowserPush({ permission: 'granted' });
    serveFollows([ROOM]);
    renderWithApp(<FollowRoomButton room={{ roomUuid: ROOM, name: 'Ruby Rush' }} />);
    const on = await screen.findByRole('button', { name: text.followingName('Ruby Rush'), pressed: true });
    await expectNoAxeViolations(document.body);
    await userEvent.click(on);
    await userEvent.click(
      await screen.findByRole('button', { name: text.followName('Ruby Rush'), pressed: false }),
    );
    await screen.findByRole('button', { name: text.followingName('Ruby Rush'), pressed: true });
    await waitFor(() => expect(screen.getByRole('button', { pressed: true })).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches each kind of notification on its own, kept on the server', async () => {
    stubBrowserPush({ permission: 'granted' });
    const api = serveClaimsAndPush();
    renderWithApp(<NotificationSettings />, { path: '/profile' });
    const kinds = within(await screen.findByRole('group', { name: text.kindsTitle }));
    const rooms = kinds.getByRole('switch', { name: new RegExp(`^${text.kindFollowedRooms}`) });
    await waitFor(() => expect(rooms).toBeEnabled());
    for (const label of [text.kindShowStarts, text.kindFollowedRooms, text.kindWins])
      expect(kinds.getByRole('switch', { name: new RegExp(`^${label}`) })).toBeChecked();
    expect(kinds.getByRole('switch', { name: new RegExp(`^${text.kindWins}`) })).toHaveAccessibleName(
      `${text.kindWins} ${text.kindWinsHint}`,
    );
    await expectNoAxeViolations(document.body);

    await userEvent.click(rooms);
    await waitFor(() => expect(rooms).not.toBeChecked());
    expect(api.callsTo('PUT', '/api/push/preferences').map((call) => call.body)).toEqual([
      { showStarts: true, followedRooms: false, wins: true },
    ]);
    expect(await screen.findByText(text.kindsSaved)).toBeInTheDocument();
    await waitFor(() => expect(rooms).toBeEnabled());
    expect(kinds.getByRole('switch', { name: new RegExp(`^${text.kindShowStarts}`) })).toBeChecked();
    await expectNoAxeViolations(document.body);
  });
  it('shows a push that comes while the app is open as a toast with a way to its screen', async () => {
    // The service worker hands the push to the open app (public/push-sw.js) instead of a banner.
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    const { router } = renderWithApp(<p>Lobby</p>, {
      path: '/',
      routes: [{ path: '/game/:id/results', element: <p>Results</p> }],
    });
    followServiceWorker({
      navigate: (path) => void router.navigate(path),
      showPush: (push) => showPushToast(push, (path) => void router.navigate(path)),
    });
    const message = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }));
    // Off this app, or not a notification: nothing.
    message({
      type: 'ruthless:push',
      notification: { kind: 'you-won', title: 'X', body: 'Y', url: '//evil.test/' },
    });
    message({ type: 'ruthless:push', notification: { title: 'X' } });
    message({
      type: 'ruthless:push',
      notification: {
        kind: 'you-won',
        title: 'You won £120.00 in Midnight Madness',
        body: 'The show ended after you left. Tap to see the results.',
        url: '/game/g1/results',
      },
    });

    const shown = await screen.findByText('You won £120.00 in Midnight Madness');
    const toastBox = shown.closest('[role="alert"]') as HTMLElement;
    expect(toastBox).toHaveTextContent('The show ended after you left. Tap to see the results.');
    expect(screen.queryByText('X')).not.toBeInTheDocument();
    await expectNoAxeViolations(document.body);
    await userEvent.click(within(toastBox).getByRole('button', { name: text.goToResults }));
    expect(currentLocation()).toBe('/game/g1/results');
  });
});
