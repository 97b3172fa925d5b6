import { AuthErrorCode, INVALID_RESET_CODE_MESSAGE } from '@ruthless/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderWithApp, serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { authError, expectFormErrors, findToast } from '@test/auth';
import { ForgotPasswordRoute } from '@/app/routes/forgot-password';

// /forgot-password?oobCode=…, the reset mail's link (docs/player-app.md: Screens, Messages): the
// code is checked on load, then a new password twice. The mail itself and the code's rules (it
// works once) are the server's: apps/server/test/auth/reset.test.ts.

const CODE = 'code-from-the-mail-1';

function serveReset(routes: Record<string, ApiHandler> = {}) {
  return serveApi({
    'POST /api/auth/reset-code': ({ body }) =>
      (body as { code?: string }).code === CODE
        ? { body: { valid: true } }
        : authError(400, AuthErrorCode.invalidActionCode, INVALID_RESET_CODE_MESSAGE),
    'POST /api/auth/reset-password': () => ({ body: { status: true } }),
    ...routes,
  });
}

const renderReset = (path: string) =>
  renderWithApp(<ForgotPasswordRoute />, {
    path,
    routes: [{ path: '/login', element: <h1>Take your seat</h1> }],
  });

const field = (label: string) => screen.getByLabelText(label, { exact: true });

describe('ForgotPasswordRoute (the new password form)', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks each rule, then sets the new password with the link’s code and goes to /login', async () => {
    const api = serveReset();
    renderReset(`/forgot-password?oobCode=${CODE}`);
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await expectNoAxeViolations();
    const change = screen.getByRole('button', { name: 'Change password' });

    await user.click(change);
    await expectFormErrors(['Password is required', 'Please confirm your password']);
    await user.type(field('New password'), '12345');
    await user.type(field('Confirm password'), '12345');
    await user.click(change);
    await expectFormErrors(['Password must be at least 6 characters']);
    await user.clear(field('Confirm password'));
    await user.type(field('Confirm password'), '12346');
    await user.click(change);
    await expectFormErrors(['Password must be at least 6 characters', 'The passwords do not match']);
    await user.clear(field('New password'));
    await user.type(field('New password'), 'brand-new-1');
    await user.clear(field('Confirm password'));
    await user.type(field('Confirm password'), 'brand-new-1x');
    await user.click(change);
    await expectFormErrors(['The passwords do not match']);
    expect(field('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/auth/reset-password')).toEqual([]);

    await user.clear(field('Confirm password'));
    await user.type(field('Confirm password'), 'brand-new-1');
    await user.click(change);
    expect(await findToast('Password successfully changed. You can log in now.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(api.callsTo('POST', '/api/auth/reset-password')[0]!.body).toEqual({
      newPassword: 'brand-new-1',
      token: CODE,
    });
    // Checking the code did not use it: the one request that does is the reset. The code goes in
    // bodies only, never in an address (addresses reach access logs).
    expect(api.callsTo('POST', '/api/auth/reset-code').map((call) => call.body)).toEqual([{ code: CODE }]);
    const addresses = api.calls.map((call) => `${call.path}?${call.query.toString()}`);
    expect(addresses.filter((address) => address.includes(CODE))).toEqual([]);
  });

  it('sends an invalid or used code back to /login with its message', async () => {
    const api = serveReset();
    renderReset('/forgot-password?oobCode=not-a-real-code');
    expect(screen.getByText('Checking your reset link…')).toBeInTheDocument();
    expect(await findToast('Your reset password code is invalid.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(api.callsTo('POST', '/api/auth/reset-password')).toEqual([]);
  });

  it('sends a link without a code back to /login with its message', async () => {
    const api = serveReset();
    renderReset('/forgot-password');
    expect(await findToast('Missing reset password code in url parameters.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(api.calls).toEqual([]);
  });

  it('shows the server’s message when the code was used meanwhile, and stays', async () => {
    serveReset({
      'POST /api/auth/reset-password': () =>
        authError(400, AuthErrorCode.invalidActionCode, 'Your code is invalid.'),
    });
    renderReset(`/forgot-password?oobCode=${CODE}`);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 10_000 });
    await user.type(field('New password'), 'brand-new-1');
    await user.type(field('Confirm password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await findToast('Your code is invalid.')).toBeInTheDocument();
    expect(currentLocation()).toBe(`/forgot-password?oobCode=${CODE}`);
  });
});
