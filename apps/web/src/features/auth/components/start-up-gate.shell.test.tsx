import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOUND_LOAD_TIMEOUT_MS } from '@/lib/sound';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import { serveApi } from '@test/app';
import { fakeIdentityToken } from '@test/shell';
import { StartUpGate } from './start-up-gate';

// The start-up gate's wait for the game sounds (issue 13): 'Loading initial data...' while they
// download, a few seconds at most, then the app. The gate's other steps are the sign-in tests'.

vi.setConfig({ testTimeout: 30_000 });

const now = Date.UTC(2026, 10, 27, 20, 0, 0);
const user = { id: 'user-1', email: 'me@ruthless.test', name: 'Test Player', emailVerified: true };

function serveSignedInPlayer(sounds: () => Promise<Response>) {
  const token = fakeIdentityToken({
    sub: 'player-1',
    name: user.name,
    email: user.email,
    operator: 'enlivon',
    iat: now / 1000,
    exp: now / 1000 + 15 * 60,
    iss: 'http://localhost',
    aud: 'http://localhost',
  });
  return serveApi({
    'GET /api/auth/get-session': () => ({
      body: {
        session: {
          id: 'session-1',
          userId: user.id,
          token: 'cookie',
          expiresAt: new Date(now + 86_400_000).toISOString(),
          createdAt: new Date(now).toISOString(),
          updatedAt: new Date(now).toISOString(),
        },
        user: { ...user, createdAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString() },
      },
    }),
    'GET /api/auth/token': () => ({ body: { token } }),
    'GET /api/operator/user': () => ({
      body: {
        alias: 'Me',
        phoneNumber: '+447911123456',
        defaultChoice: 'share',
        dobDay: 14,
        dobMonth: 2,
        dobYear: 1990,
        marketingAccepted: false,
      },
    }),
    'GET /media/sfx/:name': sounds,
  });
}

function renderGate() {
  const router = createMemoryRouter(
    [{ Component: StartUpGate, children: [{ index: true, element: <h1>Games Lobby</h1> }] }],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useClientStore.setState(useClientStore.getInitialState(), true);
  useSessionStore.getState().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the start-up gate', () => {
  it('waits for the game sounds a few seconds at most on a network that never delivers them', async () => {
    vi.useFakeTimers({ now, shouldAdvanceTime: true });
    const api = serveSignedInPlayer(() => new Promise<Response>(() => undefined));
    renderGate();
    // The token is there: what is left to wait for is the sounds.
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/auth/token')).toHaveLength(1), {
      timeout: 10_000,
    });
    await vi.waitFor(() =>
      expect(api.calls.filter((call) => call.path.startsWith('/media/sfx/'))).toHaveLength(5),
    );
    expect(screen.getByText('Loading initial data...')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/operator/user')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Games Lobby' })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(SOUND_LOAD_TIMEOUT_MS));
    expect(
      await screen.findByRole('heading', { name: 'Games Lobby' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.unanswered).toEqual([]);
  });

  it('lets the app in as soon as every game sound has arrived', async () => {
    const api = serveSignedInPlayer(async () => new Response(new Uint8Array(16)));
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'Games Lobby' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      api.calls
        .filter((call) => call.path.startsWith('/media/sfx/'))
        .map((call) => call.path)
        .sort(),
    ).toEqual(['ball-drop', 'click', 'reel-spin', 'reveal', 'win'].map((name) => `/media/sfx/${name}.mp3`));
  });
});
