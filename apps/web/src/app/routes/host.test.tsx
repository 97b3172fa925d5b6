import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { captureDownloads, hostRoom, tokenWith } from '@test/host';
import { NavigationDrawer } from '@/components/layouts/navigation-drawer';
import { useClientStore } from '@/stores/client-store';
import { HostRoute } from './host';

// /host: the console for hosts only; a listed address whose mailbox is not proven yet is told how
// to prove it; anyone else goes to the lobby, and the console's code is never loaded for them
// (that it is a chunk of its own is the browser journey's to check, on the built app).

const loaded = vi.hoisted(() => ({ console: 0 }));
vi.mock('@/features/host/components/host-console', async (importOriginal) => {
  loaded.console += 1;
  return importOriginal();
});

const EMAIL = 'pending-host@ruthless.test';

function renderHost(path = '/host') {
  return renderWithApp(<HostRoute />, { path, route: '/host/*' });
}

// Long for a component test: each renders a whole screen and runs axe on it, seconds on a loaded
// two-core machine.
describe('HostRoute', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useSessionStore.getState().reset();
  });

  // First in the file: the console's module, once imported by a host's test, stays imported.
  it('sends a player to the lobby without loading the console', async () => {
    const api = serveApi({});
    useSessionStore.setState({ accessToken: tokenWith({ operator: 'enlivon' }) });
    renderHost('/host/rooms/x');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.queryByText('Control room')).not.toBeInTheDocument();
    expect(loaded.console).toBe(0);
    expect(api.calls).toEqual([]);
  });

  it('sends someone signed out to the lobby too', async () => {
    serveApi({});
    renderHost();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(loaded.console).toBe(0);
  });

  it('tells a listed host whose mailbox is not proven how to prove it, and sends the link', async () => {
    const api = serveApi({ 'POST /api/auth/request-password-reset': () => ({ body: { status: true } }) });
    useSessionStore.setState({ accessToken: tokenWith({ email: EMAIL, hostPending: true }) });
    renderHost();

    expect(screen.getByRole('heading', { name: 'Prove your mailbox' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(
      `${EMAIL} may host shows, but its mailbox is not proven yet.`,
    );
    expect(screen.getByRole('link', { name: 'Back to the lobby' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Email me the link' }));

    expect(
      await screen.findByText(`Link sent to ${EMAIL}. Open it, choose a password, then sign in again.`),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Email me the link' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/request-password-reset')[0]!.body).toMatchObject({ email: EMAIL });
    expect(loaded.console).toBe(0);
    await expectNoAxeViolations();
  });

  it('lets a host into the console: rooms, the players away as counts, and the marketing list', async () => {
    serveApi({
      'GET /api/host/rooms': () => ({ body: { rooms: [hostRoom()] } }),
      'GET /api/host/audit': () => ({ body: { entries: [] } }),
      'GET /api/host/safety/breaks': () => ({ body: { onBreak: 2, selfExcluded: 1 } }),
      'GET /api/host/safety/marketing.csv': () =>
        new Response('email,alias\r\namy@example.com,AmyFan\r\n', {
          headers: { 'content-type': 'text/csv' },
        }),
    });
    const downloads = captureDownloads();
    useSessionStore.setState({ accessToken: tokenWith({ role: 'host' }) });
    renderHost();

    // The console's code is fetched first (its own chunk in the build).
    expect(
      await screen.findByRole('heading', { name: 'Rooms', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(loaded.console).toBe(1);
    expect(screen.getByRole('link', { name: 'Ruthless Control room' })).toHaveAttribute('href', '/host');
    expect(screen.getByRole('link', { name: 'Player app' })).toHaveAttribute('href', '/');
    expect(
      within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Rooms' }),
    ).toHaveAttribute('href', '/host');
    expect(await screen.findByLabelText('Players away from play')).toHaveTextContent(
      '2 on a break · 1 self-excluded',
    );
    await screen.findByRole('link', { name: 'Games of Ruby Rush' });
    await expectNoAxeViolations();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Marketing list (CSV)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe('ruthless-marketing-consent.csv');
    expect(await downloads[0]!.text()).toBe('email,alias\r\namy@example.com,AmyFan\r\n');
  });

  it('the menu offers the console to a host and to a listed host still to prove the mailbox, never to a player', () => {
    useClientStore.setState({ isNavigationDrawerOpen: true });
    for (const [claims, offered] of [
      [{ role: 'host' }, true],
      [{ email: EMAIL, hostPending: true }, true],
      [{ operator: 'enlivon' }, false],
    ] as const) {
      useSessionStore.setState({ accessToken: tokenWith(claims) });
      const { unmount } = renderWithApp(<NavigationDrawer />);
      const menu = screen.getByRole('dialog', { name: 'Menu' });
      expect(within(menu).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
      const link = within(menu).queryByRole('link', { name: 'Host console' });
      if (offered) expect(link).toHaveAttribute('href', '/host');
      else expect(link).not.toBeInTheDocument();
      unmount();
    }
    useClientStore.setState({ isNavigationDrawerOpen: false });
  });

  it('sends an unknown console address back to the rooms', async () => {
    serveApi({
      'GET /api/host/rooms': () => ({ body: { rooms: [] } }),
      'GET /api/host/audit': () => ({ body: { entries: [] } }),
      'GET /api/host/safety/breaks': () => ({ body: { onBreak: 0, selfExcluded: 0 } }),
    });
    useSessionStore.setState({ accessToken: tokenWith({ role: 'host' }) });
    renderHost('/host/nowhere');
    await waitFor(() => expect(currentLocation()).toBe('/host'));
    expect(await screen.findByRole('heading', { name: 'Rooms', level: 1 })).toBeInTheDocument();
  });
});
