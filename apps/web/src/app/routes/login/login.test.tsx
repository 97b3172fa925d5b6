import { roomsResponseSchema, type Room } from '@ruthless/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderWithApp, serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { identityToken, noSession, sessionBody } from '@test/auth';
import { LoginRoute } from './login';

// The landing, /login (docs/player-app.md, Screens): the upcoming shows, the form modes in the
// address, the privacy policy in the form's place, where a session found as the page opens leads.

const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function room(name: string, uuidDigit: string, games: { startsInMinutes: number }[]): Room {
  return {
    roomUuid: `${uuidDigit.repeat(8)}-0000-4000-8000-000000000000`,
    name,
    roomImage: '/rooms/ruby-rush.svg',
    theme: 'DEFAULT',
    serverTime: new Date().toISOString(),
    rolloverPence: 0,
    games: games.map(({ startsInMinutes }, index) => ({
      gameUuid: `${uuidDigit.repeat(8)}-0000-4000-8000-00000000000${index}`,
      gameStartTime: future(startsInMinutes),
      hasGameStarted: false,
      prizeLuckyFateSelections: 'in-game',
      maxTickets: 90,
      ticketsAvailable: 90,
      prizes: { oneLine: 1000, twoLines: 2500, fullHouse: 10000 },
      rolloverPence: 0,
      state: 'scheduled',
      commitment: 'a'.repeat(64),
    })),
  };
}

const ROOMS = roomsResponseSchema.parse([
  room('Ruby Rush', '1', [{ startsInMinutes: 90 }]),
  room('Gold Rush', '2', []),
  room('Green Room', '3', [{ startsInMinutes: 30 }]),
]);

/** A signed-out visitor's landing, unless `routes` says otherwise. */
function serveLanding(routes: Record<string, ApiHandler> = {}) {
  return serveApi({
    'GET /api/rooms': () => ({ body: ROOMS }),
    'GET /api/auth/get-session': noSession,
    'GET /api/auth/providers': () => ({ body: { emailPassword: true, google: false } }),
    'POST /api/landing/visit': () => ({ status: 204, body: {} }),
    ...routes,
  });
}

const renderLogin = (path = '/login') =>
  renderWithApp(<LoginRoute />, { path, routes: [{ path: '/', element: <h1>Games Lobby</h1> }] });

const formHeading = (name: string) => screen.findByRole('heading', { name }, { timeout: 10_000 });

describe('LoginRoute', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the upcoming shows on the middle room and hands the campaign to the server’s log', async () => {
    const api = serveLanding();
    renderLogin('/login?utm_source=test&utm_medium=e2e&utm_campaign=auth');

    expect(await formHeading('Take your seat')).toBeInTheDocument();
    const shows = await screen.findByRole('region', { name: 'Upcoming Shows' }, { timeout: 10_000 });
    const slides = within(shows).getAllByRole('group');
    expect(slides).toHaveLength(3);
    expect(slides[1]).toHaveAttribute('aria-roledescription', 'slide');
    expect(slides[1]).toHaveAttribute('aria-current', 'true');
    expect(slides[1]).toHaveTextContent('Gold Rush');
    expect(slides[1]).toHaveTextContent('No Scheduled Games');
    expect(slides[0]).toHaveTextContent(/Ruby Rush.*Next show/);
    expect(slides[0]).not.toHaveAttribute('aria-current', 'true');

    await waitFor(() => expect(api.callsTo('POST', '/api/landing/visit')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/landing/visit')[0]!.body).toEqual({
      utm_source: 'test',
      utm_medium: 'e2e',
      utm_campaign: 'auth',
    });
    expect(api.unanswered).toEqual([]);
    await expectNoAxeViolations();
  });

  it('shows no upcoming shows when there are no rooms', async () => {
    serveLanding({ 'GET /api/rooms': () => ({ body: [] }) });
    renderLogin();
    expect(await formHeading('Take your seat')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login?form_type=sign-in'));
    expect(screen.queryByRole('region', { name: 'Upcoming Shows' })).not.toBeInTheDocument();
    expect(screen.queryByText('Upcoming Shows')).not.toBeInTheDocument();
  });

  it('asks for no campaign log without campaign parameters', async () => {
    const api = serveLanding();
    renderLogin();
    expect(await formHeading('Take your seat')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Upcoming Shows' }, { timeout: 10_000 });
    expect(api.callsTo('POST', '/api/landing/visit')).toEqual([]);
  });

  it('writes form_type=sign-in into a plain /login', async () => {
    serveLanding();
    renderLogin('/login');
    expect(await formHeading('Take your seat')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login?form_type=sign-in'));
  });

  it('reads an unknown form_type as sign-in', async () => {
    serveLanding();
    renderLogin('/login?form_type=bogus');
    expect(await formHeading('Take your seat')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login?form_type=sign-in'));
  });

  it('switches between its three forms, each written into the address', async () => {
    serveLanding();
    renderLogin('/login?form_type=sign-up');
    const user = userEvent.setup();
    expect(await formHeading('Join the show')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?form_type=sign-up');
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(await formHeading('Take your seat')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?form_type=sign-in');

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await formHeading('Forgot password')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?form_type=forgot-password');
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await formHeading('Take your seat')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await formHeading('Join the show')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?form_type=sign-up');
  });

  it('offers no Google button (nor its "or") on a server without a Google client', async () => {
    const api = serveLanding();
    renderLogin();
    expect(await formHeading('Take your seat')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/providers')).toHaveLength(1));
    // Let the providers' answer render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByRole('separator', { name: 'or' })).not.toBeInTheDocument();
  });

  it('offers Google under an "or" when the server has a Google client', async () => {
    serveLanding({ 'GET /api/auth/providers': () => ({ body: { emailPassword: true, google: true } }) });
    renderLogin();
    expect(
      await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'or' })).toBeInTheDocument();
  });

  it('puts the privacy policy in the form area with ?privacy-policy=1 and keeps the upcoming shows', async () => {
    serveLanding();
    renderLogin('/login?privacy-policy=1');
    expect(
      await screen.findByRole('heading', { name: 'Privacy Policy' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Upcoming Shows' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Take your seat' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations();
  });

  it('sends a signed-in player with the operator claim on to the lobby', async () => {
    const api = serveLanding({
      'GET /api/auth/get-session': () => ({ body: sessionBody() }),
      'GET /api/auth/token': () => ({ body: { token: identityToken() } }),
    });
    renderLogin();
    expect(
      await screen.findByRole('heading', { name: 'Games Lobby' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(api.callsTo('POST', '/api/auth/sign-out')).toEqual([]);
  });

  it('signs out a signed-in account without the operator claim and shows the form', async () => {
    const api = serveLanding({
      'GET /api/auth/get-session': () => ({ body: sessionBody() }),
      'GET /api/auth/token': () => ({ body: { token: identityToken({}, { operator: false }) } }),
      'POST /api/auth/sign-out': () => ({ body: { success: true } }),
    });
    renderLogin();
    // The form waits for the answer ('Checking your session').
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(await formHeading('Take your seat')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(currentLocation()).toBe('/login?form_type=sign-in');
  });
});
