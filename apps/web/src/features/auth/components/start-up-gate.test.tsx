import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import {
  findToast,
  forgetAuthSession,
  identityToken,
  noSession,
  PLAYER_UUID,
  sessionBody,
  userSettings,
} from '@test/auth';
import { StartUpGate } from './start-up-gate';

// The start-up gate of docs/player-app.md (Start-up gate) around the signed-in screens: signed
// out to /login, the mandatory details form in the app's place, the alias badge, and the
// sign-out rules (no token, a token that fails to refresh, settings that fail).

/** A signed-in browser (until it signs out) and `routes` for the rest. */
function serveGate(routes: Record<string, ApiHandler> = {}, { signedIn = true } = {}) {
  let session = signedIn;
  const api = serveApi({
    'GET /api/auth/get-session': () => (session ? { body: sessionBody() } : noSession()),
    'POST /api/auth/sign-out': () => {
      session = false;
      return { body: { success: true } };
    },
    'GET /api/auth/token': () => ({ body: { token: identityToken() } }),
    'GET /api/operator/user': () => ({ body: userSettings() }),
    ...routes,
  });
  forgetAuthSession();
  return api;
}

function renderGate(path = '/') {
  return renderWithApp(
    <Routes>
      <Route element={<StartUpGate />}>
        <Route index element={<h1>Games Lobby</h1>} />
        <Route path="host/*" element={<h1>Host console</h1>} />
      </Route>
    </Routes>,
    {
      path,
      route: '/*',
      routes: [
        { path: '/login', element: <h1>Take your seat</h1> },
        { path: '/profile', element: <h1>Profile</h1> },
      ],
    },
  );
}

const lobby = () => screen.findByRole('heading', { name: 'Games Lobby' }, { timeout: 10_000 });

describe('StartUpGate', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useSessionStore.getState().reset();
    // The game sounds are the sound module's own test; here they have loaded.
    useClientStore.setState({ soundLoaded: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor to /login', async () => {
    serveGate({}, { signedIn: false });
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'Take your seat' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
  });

  it('lets a complete player in, with the alias badge top right opening the profile', async () => {
    serveGate();
    renderGate();
    expect(await lobby()).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({
      playerUuid: PLAYER_UUID,
      phoneNumber: '+447911123456',
    });
    const badge = screen.getByRole('link', { name: 'Your profile: ada' });
    await expectNoAxeViolations();
    await userEvent.setup().click(badge);
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/profile');
  });

  it('puts the details form in the app’s place until the details are saved', async () => {
    let saved = false;
    const api = serveGate({
      'GET /api/operator/user': () => ({
        body: saved ? userSettings({ alias: 'ada' }) : userSettings({}, { empty: true }),
      }),
      'PUT /api/operator/user/details': () => {
        saved = true;
        return { body: userSettings({ alias: 'ada' }) };
      },
    });
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'Your details' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Games Lobby' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Your profile/ })).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Chat Name'), 'ada');
    await user.type(screen.getByLabelText('Phone number'), '07911 123456');
    await user.type(screen.getByLabelText('Day'), '10');
    await user.type(screen.getByLabelText('Month'), '12');
    await user.type(screen.getByLabelText('Year'), '1990');
    screen.getByRole('slider', { name: 'Default ruthless choice' }).focus();
    await user.keyboard('{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await lobby()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your details' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your profile: ada' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/operator/user')).toHaveLength(2);
  });

  it('asks a host for no player details at the console, and offers it from the details form', async () => {
    serveGate({
      'GET /api/auth/token': () => ({ body: { token: identityToken({ hostPending: true }) } }),
      'GET /api/operator/user': () => ({ body: userSettings({}, { empty: true }) }),
    });
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'Your details' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Here to host\?/)).toHaveTextContent(
      'Here to host? The host console needs none of these.',
    );
    await expectNoAxeViolations();

    await userEvent.setup().click(screen.getByRole('link', { name: 'host console' }));
    expect(await screen.findByRole('heading', { name: 'Host console' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your details' })).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/host');
  });

  it('asks a player who opens /host for their details like anywhere else', async () => {
    serveGate({ 'GET /api/operator/user': () => ({ body: userSettings({}, { empty: true }) }) });
    renderGate('/host');
    expect(
      await screen.findByRole('heading', { name: 'Your details' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Here to host\?/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Host console' })).not.toBeInTheDocument();
  });

  it('signs out when it cannot get a token at start', async () => {
    const api = serveGate({ 'GET /api/auth/token': () => ({ status: 500, body: { message: 'down' } }) });
    renderGate();
    expect(await findToast('Unable to get user token during authentication.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Take your seat' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
  });

  it('signs out an account whose token has no operator claim', async () => {
    const api = serveGate({
      'GET /api/auth/token': () => ({ body: { token: identityToken({}, { operator: false }) } }),
    });
    renderGate();
    expect(await findToast('Unable to get user token during authentication.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Take your seat' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/operator/user')).toEqual([]);
  });

  it('signs out when the default user settings fail', async () => {
    const api = serveGate({ 'GET /api/operator/user': () => ({ status: 403, body: { message: 'no' } }) });
    renderGate();
    expect(await findToast('Unable to fetch default user settings. Logging out.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Take your seat' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
  });

  it('refreshes the token a minute before it expires, and signs out when the refresh keeps failing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let tokenDown = false;
    const api = serveGate({
      'GET /api/auth/token': () => {
        // The network gives no answer (the browser test aborted the request).
        if (tokenDown) throw new TypeError('Failed to fetch');
        return { body: { token: identityToken() } };
      },
    });
    renderGate();
    expect(await lobby()).toBeInTheDocument();
    const tokens = () => api.callsTo('GET', '/api/auth/token').length;
    const atStart = tokens();

    // 14 minutes in (the token lasts 15): a fresh one.
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000));
    await waitFor(() => expect(tokens()).toBe(atStart + 1));
    expect(screen.getByRole('heading', { name: 'Games Lobby' })).toBeInTheDocument();

    // The next refresh fails; tried again every 5 s while the token has time left, then out.
    tokenDown = true;
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000 + 30_000));
    expect(screen.getByRole('heading', { name: 'Games Lobby' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(
      await findToast('Unable to get access token from token refresher. Logging out.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Take your seat' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(tokens()).toBeGreaterThan(atStart + 5);
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(useSessionStore.getState().playerUuid).toBeNull();
  });
});
