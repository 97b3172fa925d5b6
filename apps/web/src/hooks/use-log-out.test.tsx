import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi } from '@test/app';
import { findToast, identityToken, PLAYER_UUID } from '@test/auth';
import { BottomBar } from '@/components/layouts/bottom-bar';
import { NavigationDrawer } from '@/components/layouts/navigation-drawer';

// The player's 'Logout' from the menu (docs/player-app.md, Screens): the session ends on the
// server, 'Logged out successfully.', the login page. That a signed-out player who opens a
// signed-in page is sent to /login is the start-up gate's (start-up-gate.test.tsx).

describe('Logout from the menu', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useSessionStore.setState({ accessToken: identityToken(), playerUuid: PLAYER_UUID });
    useClientStore.getState().setNavigationDrawerOpen(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('ends the session, says so and goes to the login page', async () => {
    const api = serveApi({ 'POST /api/auth/sign-out': () => ({ body: { success: true } }) });
    renderWithApp(
      <>
        <BottomBar isGame={false} />
        <NavigationDrawer />
      </>,
      { path: '/', routes: [{ path: '/login', element: <h1>Take your seat</h1> }] },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await findToast('Logged out successfully.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({ accessToken: null, playerUuid: null });
    expect(useClientStore.getState().isNavigationDrawerOpen).toBe(false);
  });
});
