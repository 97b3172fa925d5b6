import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { findToast, identityToken, noSession, PLAYER_UUID, sessionBody } from '@test/auth';
import { LoginFormArea } from './login-form-area';

// 'Continue with Google' on the landing (docs/player-app.md, Screens): the provider in a 500x600
// popup, which reports back to the tab; then the operator registration, named from the provider.
// The provider's side (a real OpenID Connect server) is apps/server/test/auth/google.test.ts's
// and the browser journey e2e/auth-google.spec.ts's.

const PROVIDER_URL = 'https://accounts.example.test/authorize?client_id=ruthless';
const GINA = { name: 'Gina Google', email: 'gina@example.com' };

function serveGoogle() {
  let signedIn = false;
  const api = serveApi({
    'GET /api/auth/get-session': () =>
      signedIn ? { body: sessionBody(PLAYER_UUID, GINA.email) } : noSession(),
    'GET /api/auth/providers': () => ({ body: { emailPassword: true, google: true } }),
    'POST /api/auth/sign-in/social': () => ({ body: { url: PROVIDER_URL, redirect: false } }),
    'GET /api/auth/token': () => ({
      body: {
        token: identityToken(GINA, { operator: api.callsTo('POST', '/api/operator/auth').length > 0 }),
      },
    }),
    'POST /api/operator/auth': () => ({ body: { playerUuid: PLAYER_UUID, operator: 'enlivon' } }),
    'POST /api/auth/sign-out': () => {
      signedIn = false;
      return { body: { success: true } };
    },
  });
  return { ...api, signIn: () => (signedIn = true) };
}

/** The popup the app opens: where it was sent, and whether it is closed. */
function stubPopup() {
  const popup = {
    location: { href: 'about:blank' },
    closed: false,
    close: vi.fn(() => (popup.closed = true)),
  };
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return { popup, open };
}

/** The popup, back from the provider, reports to the app's tab (reportToApp). */
const reportFromPopup = (error: string | null) =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: 'ruthless:google-sign-in', error },
      }),
    );
  });

async function renderLanding() {
  renderWithApp(<LoginFormArea />, {
    path: '/login?form_type=sign-in',
    routes: [{ path: '/', element: <h1>Games Lobby</h1> }],
  });
  const button = await screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 10_000 });
  return { button, user: userEvent.setup() };
}

describe('Google sign-in', { timeout: 20_000 }, () => {
  beforeEach(() => useSessionStore.getState().reset());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens the provider in a 500x600 popup, then registers the new player named from it and enters', async () => {
    const api = serveGoogle();
    const { popup, open } = stubPopup();
    const { button, user } = await renderLanding();
    await expectNoAxeViolations();

    await user.click(button);
    expect(open).toHaveBeenCalledWith(
      'about:blank',
      'ruthless-google',
      expect.stringMatching(/width=500,height=600/),
    );
    await waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL));
    expect(api.callsTo('POST', '/api/auth/sign-in/social')[0]!.body).toMatchObject({
      provider: 'google',
      callbackURL: '/login?google-popup=done',
      errorCallbackURL: '/login?google-popup=failed',
    });
    // Waiting for the popup: the button says so.
    expect(screen.getByRole('button', { name: /Continue with Google/ })).toBeDisabled();

    api.signIn();
    await reportFromPopup(null);
    expect(
      await findToast('Logged in successfully. You can claim a ticket for any game. See you there!'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Games Lobby' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(api.callsTo('POST', '/api/operator/auth')[0]!.body).toEqual({
      email: GINA.email,
      firstName: 'Gina',
      lastName: 'Google',
      operator: 'enlivon',
    });
    expect(useSessionStore.getState().playerUuid).toBe(PLAYER_UUID);
  });

  it('shows "Missing email adress" when the provider gave no email, and stays signed out on the form', async () => {
    const api = serveGoogle();
    stubPopup();
    const { button, user } = await renderLanding();
    await user.click(button);
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/sign-in/social')).toHaveLength(1));

    await reportFromPopup('email_not_found');
    expect(await findToast('Missing email adress')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Take your seat' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?form_type=sign-in');
    expect(api.callsTo('POST', '/api/operator/auth')).toEqual([]);
    expect(useSessionStore.getState().playerUuid).toBeNull();
    // The button is back.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
  });

  it('gives the button back when the player closes the popup half-way', async () => {
    serveGoogle();
    const { popup } = stubPopup();
    const { button, user } = await renderLanding();
    await user.click(button);
    expect(screen.getByRole('button', { name: /Continue with Google/ })).toBeDisabled();
    popup.closed = true;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled(), {
      timeout: 2000,
    });
  });
});
