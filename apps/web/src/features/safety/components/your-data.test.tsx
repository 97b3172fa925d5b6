// First: Better Auth's client must find the fetch that serveApi stubs (see the module).
import {
  AccountDeletionMessage,
  AuthErrorCode,
  MARKETING_CONSENT_WORDING,
  type MarketingConsent,
} from '@ruthless/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { marketingOf, refusal, serveProfile, signInPlayer } from '@test/profile';
import { YourData } from './your-data';

const PASSWORD = 'secret-123';
const chosenAt = new Date(2026, 10, 20, 18, 30);

const section = () => screen.getByRole('region', { name: 'Your data' });
const deleteDialog = () => screen.getByRole('dialog', { name: 'Delete account?' });

/** What the browser is handed when a file is saved: its name and its text. */
function catchDownloads() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost/${++next}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const saved: Promise<{ name: string; text: string }>[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    saved.push(Promise.resolve(blob?.text() ?? '').then((text) => ({ name: this.download, text })));
  });
  return saved;
}

describe('Your data', { timeout: 30_000 }, () => {
  beforeEach(() => signInPlayer());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useSessionStore.getState().reset();
  });

  it('downloads everything kept about the player as one JSON file', async () => {
    const mine = { account: { email: 'ann@ruthless.test' }, profiles: [{ alias: 'Ann' }] };
    const api = serveProfile({ 'GET /api/safety/my-data': () => ({ body: mine }) });
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderWithApp(<YourData />, { path: '/profile' });

    expect(
      within(section()).getByText('Everything we keep about you, in one file, or gone for good.'),
    ).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data is downloaded.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/safety/my-data')).toHaveLength(1);
    expect(saved).toHaveLength(1);
    const file = await saved[0]!;
    expect(file.name).toBe('ruthless-my-data.json');
    expect(JSON.parse(file.text)).toEqual(mine);
    await expectNoAxeViolations();
  });

  it("says why a download failed, in the server's words", async () => {
    serveProfile({
      'GET /api/safety/my-data': () => refusal(503, 'service/unavailable', 'Please try again in a minute.'),
    });
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderWithApp(<YourData />, { path: '/profile' });
    await user.click(within(section()).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Please try again in a minute.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says that a break in force outlives the account, and why, before and after', async () => {
    const current = {
      kind: 'self-exclusion',
      period: '6m',
      startedAt: '2026-11-20T18:30:00.000Z',
      endsAt: '2027-05-20T18:30:00.000Z',
    } as const;
    serveProfile({
      'GET /api/safety/break': () => ({ body: { current } }),
      'POST /api/safety/delete-account': () => ({
        body: { message: AccountDeletionMessage.deletedDuringBreak(current.kind, current.endsAt) },
      }),
      'POST /api/auth/sign-out': () => ({ body: { success: true } }),
    });
    const user = userEvent.setup();
    renderWithApp(<YourData />, { path: '/profile' });

    await user.click(within(section()).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(deleteDialog()).findByText(
        'Your self-exclusion stays in force until 20 May 2027 at 19:30: until then we keep your email address (and Google account, if you used one) in coded form, so that a new account with them cannot claim tickets or join shows either.',
      ),
    ).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.type(within(deleteDialog()).getByLabelText('Password'), PASSWORD);
    await user.click(
      within(deleteDialog()).getByRole('checkbox', {
        name: 'I understand that my account is deleted for good.',
      }),
    );
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Delete my account for good' }));
    expect(
      await screen.findByText(
        'Your account has been deleted. Your self-exclusion stays in force until 20 May 2027 at 19:30: until then we keep your email address (and Google account, if you used one) in coded form, so that a new account with them cannot claim tickets or join shows either.',
      ),
    ).toBeInTheDocument();
  });

  it('deletes the account only with the box ticked and the right password, then signs out', async () => {
    const api = serveProfile({
      'POST /api/safety/delete-account': (call) =>
        (call.body as { password?: string }).password === PASSWORD
          ? { body: { message: AccountDeletionMessage.deleted } }
          : refusal(401, AuthErrorCode.wrongPassword, 'Invalid password'),
      'POST /api/auth/sign-out': () => ({ body: { success: true } }),
    });
    const user = userEvent.setup();
    renderWithApp(<YourData />, { path: '/profile' });

    await user.click(within(section()).getByRole('button', { name: 'Delete my account' }));
    expect(deleteDialog()).toHaveTextContent(
      'Your account, your profile and your chat messages are deleted at once and you are signed out everywhere. Your past shows stay in the results under an anonymous name. This cannot be undone.',
    );
    const password = within(deleteDialog()).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(
      'Signed in with Google? Leave this empty: if you signed in more than 10 minutes ago, sign in again first.',
    );
    const confirm = within(deleteDialog()).getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();
    await expectNoAxeViolations();

    await user.type(password, 'not-my-password');
    await user.click(
      within(deleteDialog()).getByRole('checkbox', {
        name: 'I understand that my account is deleted for good.',
      }),
    );
    await user.click(confirm);
    expect(await screen.findByText('Incorrect password. Please try again.')).toBeInTheDocument();
    // Still there to try again.
    expect(deleteDialog()).toBeInTheDocument();
    expect(currentLocation()).toBe('/profile');

    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(confirm);
    expect(
      await screen.findByText('Your account has been deleted. Thank you for playing Ruthless.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/safety/delete-account').map((call) => call.body)).toEqual([
      { confirm: true, password: 'not-my-password' },
      { confirm: true, password: PASSWORD },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(useSessionStore.getState().playerUuid).toBeNull();
  });

  it('sends no password for a Google account, and Cancel forgets what was typed', async () => {
    const api = serveProfile({
      'POST /api/safety/delete-account': () => ({ body: { message: AccountDeletionMessage.deleted } }),
      'POST /api/auth/sign-out': () => ({ body: { success: true } }),
    });
    const user = userEvent.setup();
    renderWithApp(<YourData />, { path: '/profile' });
    await user.click(within(section()).getByRole('button', { name: 'Delete my account' }));
    await user.type(within(deleteDialog()).getByLabelText('Password'), 'typed');
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: 'Delete my account' }));
    expect(within(deleteDialog()).getByLabelText('Password')).toHaveValue('');
    await user.click(
      within(deleteDialog()).getByRole('checkbox', {
        name: 'I understand that my account is deleted for good.',
      }),
    );
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(api.callsTo('POST', '/api/safety/delete-account').map((call) => call.body)).toEqual([
      { confirm: true },
    ]);
  });

  it('gives and withdraws marketing consent, showing when it was chosen', async () => {
    let consent: MarketingConsent = marketingOf();
    const api = serveProfile({
      'GET /api/safety/marketing': () => ({ body: consent }),
      'PUT /api/safety/marketing': (call) => {
        const { given } = call.body as { given: boolean };
        consent = marketingOf({ given, at: chosenAt.toISOString(), wording: MARKETING_CONSENT_WORDING });
        return { body: consent };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<YourData />, { path: '/profile' });
    const box = await screen.findByTestId('marketing-consent');
    expect(box).toHaveTextContent('Marketing emails');
    expect(box).toHaveTextContent('You get no marketing emails or text messages.');
    await expectNoAxeViolations();

    await user.click(within(box).getByRole('button', { name: 'Send me news of upcoming shows' }));
    expect(await screen.findByText('Thank you: we will tell you about upcoming shows.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('marketing-consent')).toHaveTextContent(
        'You get emails and text messages about upcoming shows. Chosen on 20 November 2026 at 18:30.',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Stop marketing emails and texts' }));
    expect(await screen.findByText('Done: no more marketing emails or text messages.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('marketing-consent')).toHaveTextContent(
        'You get no marketing emails or text messages. Chosen on 20 November 2026 at 18:30.',
      ),
    );
    expect(api.callsTo('PUT', '/api/safety/marketing').map((call) => call.body)).toEqual([
      { given: true },
      { given: false },
    ]);
  });
});
