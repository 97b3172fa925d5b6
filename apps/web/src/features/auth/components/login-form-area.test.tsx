import { AuthErrorCode } from '@ruthless/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp, serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import {
  authError,
  expectFormErrors,
  findToast,
  identityToken,
  noSession,
  PLAYER_UUID,
  sessionBody,
} from '@test/auth';
import { LoginFormArea } from './login-form-area';

// The landing's three forms (docs/player-app.md: Screens, Validation, Messages): each message of
// each form in one bulleted toast, and what each server answer does.

const PASSWORD = 'secret-123';

/** A signed-out visitor; `routes` answer the form's requests. */
function serveForms(routes: Record<string, ApiHandler> = {}) {
  let signedIn = false;
  const api = serveApi({
    'GET /api/auth/get-session': () => (signedIn ? { body: sessionBody() } : noSession()),
    'GET /api/auth/providers': () => ({ body: { emailPassword: true, google: false } }),
    'POST /api/auth/sign-out': () => {
      signedIn = false;
      return { body: { success: true } };
    },
    ...routes,
  });
  return { ...api, signIn: () => (signedIn = true) };
}

async function renderForms(mode: 'sign-in' | 'sign-up' | 'forgot-password' = 'sign-in') {
  const view = renderWithApp(<LoginFormArea />, {
    path: `/login?form_type=${mode}`,
    routes: [{ path: '/', element: <h1>Games Lobby</h1> }],
  });
  const heading = {
    'sign-in': 'Take your seat',
    'sign-up': 'Join the show',
    'forgot-password': 'Forgot password',
  };
  await screen.findByRole('heading', { name: heading[mode] }, { timeout: 10_000 });
  return { ...view, user: userEvent.setup() };
}

/** A field by its label (an optional field's label ends '(optional)'). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}(\\(optional\\))?$`));

describe('LoginFormArea', { timeout: 20_000 }, () => {
  beforeEach(() => useSessionStore.getState().reset());
  afterEach(() => vi.unstubAllGlobals());

  describe('sign-up', () => {
    it('shows each of its messages, together in one bulleted toast, and marks the fields', async () => {
      const api = serveForms();
      const { user } = await renderForms('sign-up');
      const submit = screen.getByRole('button', { name: 'Sign up' });

      await user.click(submit);
      await expectFormErrors([
        'Email cannot be empty',
        'Password is required',
        'Please confirm your password',
      ]);
      expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
      expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
      expect(field('Confirm password')).toHaveAttribute('aria-invalid', 'true');
      // The first field in error takes the focus.
      expect(field('Email')).toHaveFocus();

      await user.type(field('Email'), 'not-an-email');
      await user.type(field('Password'), '12345');
      await user.type(field('Confirm password'), '12345');
      await user.click(submit);
      await expectFormErrors([
        'Please enter a valid email address',
        'Password must be at least 6 characters',
      ]);
      expect(field('Confirm password')).not.toHaveAttribute('aria-invalid', 'true');

      await user.clear(field('Email'));
      await user.type(field('Email'), 'ada@example.com');
      await user.clear(field('Password'));
      await user.type(field('Password'), 'secret-1');
      await user.clear(field('Confirm password'));
      await user.type(field('Confirm password'), 'secret-2');
      await user.click(submit);
      await expectFormErrors(['The passwords do not match']);
      expect(field('Email')).not.toHaveAttribute('aria-invalid', 'true');

      // Every broken rule at once: too short and not matching.
      await user.clear(field('Password'));
      await user.type(field('Password'), 'abc');
      await user.clear(field('Confirm password'));
      await user.type(field('Confirm password'), 'abd');
      await user.click(submit);
      await expectFormErrors(['Password must be at least 6 characters', 'The passwords do not match']);
      expect(field('Confirm password')).toHaveAttribute('aria-invalid', 'true');

      // Nothing was sent.
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
      await expectNoAxeViolations();
    });

    it('refuses names with control or invisible characters, as chat names are (issue 40)', async () => {
      const api = serveForms();
      const { user } = await renderForms('sign-up');
      // A right-to-left override in the first name; only Hangul fillers in the last.
      await user.type(field('First name'), 'Ada\u202Eecalevol');
      await user.type(field('Last name'), '\u3164\u3164');
      await user.type(field('Email'), 'ada@example.com');
      await user.type(field('Password'), PASSWORD);
      await user.type(field('Confirm password'), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign up' }));

      await expectFormErrors([
        'First name contains characters that are not allowed.',
        'Last name must contain a letter or a digit.',
      ]);
      expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
      expect(field('Last name')).toHaveAttribute('aria-invalid', 'true');
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it('signs up, registers with the operator under the form’s names and enters the lobby', async () => {
      const api = serveForms({
        'POST /api/auth/sign-up/email': () => {
          api.signIn();
          return { body: { token: null, user: sessionBody().user } };
        },
        'GET /api/auth/token': () => ({
          body: {
            token: identityToken({}, { operator: api.callsTo('POST', '/api/operator/auth').length > 0 }),
          },
        }),
        'POST /api/operator/auth': () => ({ body: { playerUuid: PLAYER_UUID, operator: 'enlivon' } }),
      });
      const { user } = await renderForms('sign-up');

      await user.type(field('First name'), ' Ada ');
      await user.type(field('Last name'), 'Lovelace');
      await user.type(field('Email'), 'ada@example.com');
      await user.type(field('Password'), PASSWORD);
      await user.type(field('Confirm password'), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign up' }));

      expect(
        await findToast('Your account was successfully created. Welcome to Ruthless!'),
      ).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Games Lobby' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/');
      expect(api.callsTo('POST', '/api/auth/sign-up/email')[0]!.body).toEqual({
        email: 'ada@example.com',
        password: PASSWORD,
        name: 'Ada Lovelace',
      });
      const registration = api.callsTo('POST', '/api/operator/auth')[0]!;
      expect(registration.headers.get('authorization')).toMatch(/^Bearer ey/);
      expect(registration.body).toEqual({
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        operator: 'enlivon',
      });
      expect(useSessionStore.getState().playerUuid).toBe(PLAYER_UUID);
    });

    it('refuses an email already in use with the catalogue message and stays on the form', async () => {
      const api = serveForms({
        'POST /api/auth/sign-up/email': () =>
          authError(422, AuthErrorCode.emailAlreadyInUse, 'An account with this email already exists.'),
      });
      const { user } = await renderForms('sign-up');
      await user.type(field('Email'), 'taken@example.com');
      await user.type(field('Password'), PASSWORD);
      await user.type(field('Confirm password'), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign up' }));

      expect(await findToast('An account with this email already exists.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Join the show' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/login?form_type=sign-up');
      expect(api.callsTo('POST', '/api/operator/auth')).toEqual([]);
      // What the player typed stays.
      expect(field('Email')).toHaveValue('taken@example.com');
    });
  });

  describe('sign-in', () => {
    it('checks the email and the password', async () => {
      serveForms();
      const { user } = await renderForms('sign-in');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await expectFormErrors(['Email cannot be empty', 'Password is required']);
      await user.type(field('Email'), 'nope@');
      await user.type(field('Password'), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await expectFormErrors(['Please enter a valid email address']);
      expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
      expect(field('Email')).toHaveFocus();
      expect(field('Password')).toHaveValue(PASSWORD);
      await expectNoAxeViolations();
    });

    it('signs a registered player in to the lobby, registering nothing', async () => {
      const api = serveForms({
        'POST /api/auth/sign-in/email': () => {
          api.signIn();
          return { body: { token: null, user: sessionBody().user, redirect: false } };
        },
        'GET /api/auth/token': () => ({ body: { token: identityToken() } }),
      });
      const { user } = await renderForms('sign-in');
      await user.type(field('Email'), 'ada@example.com');
      await user.type(field('Password'), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      expect(
        await findToast('Logged in successfully. You can claim a ticket for any game. See you there!'),
      ).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Games Lobby' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/');
      expect(api.callsTo('POST', '/api/auth/sign-in/email')[0]!.body).toEqual({
        email: 'ada@example.com',
        password: PASSWORD,
      });
      expect(api.callsTo('POST', '/api/operator/auth')).toEqual([]);
      expect(useSessionStore.getState().playerUuid).toBe(PLAYER_UUID);
    });

    it.each([
      [AuthErrorCode.wrongPassword, 'Incorrect password. Please try again.'],
      [AuthErrorCode.userNotFound, 'No account found with this email.'],
    ])('answers %s with its catalogue message and stays on the form', async (code, message) => {
      const api = serveForms({ 'POST /api/auth/sign-in/email': () => authError(401, code, message) });
      const { user } = await renderForms('sign-in');
      await user.type(field('Email'), 'ada@example.com');
      await user.type(field('Password'), 'wrong-password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      // A refused sign-in opened no session: nothing to sign out.
      expect(await findToast(message)).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/auth/sign-out')).toEqual([]);
      expect(screen.getByRole('heading', { name: 'Take your seat' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/login?form_type=sign-in');
    });

    it('signs out an account without the operator claim, unregistered, with the permission message', async () => {
      const api = serveForms({
        'POST /api/auth/sign-in/email': () => {
          api.signIn();
          return { body: { token: null, user: sessionBody().user, redirect: false } };
        },
        'GET /api/auth/token': () => ({ body: { token: identityToken({}, { operator: false }) } }),
      });
      const { user } = await renderForms('sign-in');
      await user.type(field('Email'), 'ada@example.com');
      await user.type(field('Password'), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      expect(await findToast("You don't have permission to access this resource.")).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1));
      // The sign-in registered nothing.
      expect(api.callsTo('POST', '/api/operator/auth')).toEqual([]);
      expect(screen.getByRole('heading', { name: 'Take your seat' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/login?form_type=sign-in');
      expect(useSessionStore.getState().playerUuid).toBeNull();
    });
  });

  describe('forgot password', () => {
    it('checks the email, then mails the link and goes back to sign-in', async () => {
      const api = serveForms({ 'POST /api/auth/request-password-reset': () => ({ body: { status: true } }) });
      const { user } = await renderForms('forgot-password');
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      await expectFormErrors(['Email cannot be empty']);
      await user.type(field('Email'), 'nope@');
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      await expectFormErrors(['Please enter a valid email address']);
      expect(api.callsTo('POST', '/api/auth/request-password-reset')).toEqual([]);

      await user.clear(field('Email'));
      await user.type(field('Email'), 'ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(
        await findToast('A password reset link has been sent to your registered email address.'),
      ).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Take your seat' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/login?form_type=sign-in');
      expect(api.callsTo('POST', '/api/auth/request-password-reset')[0]!.body).toMatchObject({
        email: 'ada@example.com',
      });
    });
  });
});
