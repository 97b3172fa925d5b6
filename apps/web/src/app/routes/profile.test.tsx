// First: Better Auth's client must find the fetch that serveApi stubs (see the module).
import { PHONE_EXAMPLE, type ProfileUpdate } from '@ruthless/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserSettings } from '@/features/auth/api/get-user-settings';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, renderWithApp } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { endToastExits, PLAYER_UUID, refusal, serveProfile, settingsOf, signInPlayer } from '@test/profile';
import { ProfileRoute } from './profile';

type User = ReturnType<typeof userEvent.setup>;

/** The start-up gate's copy of the settings, as its alias badge shows it. */
function AliasBadge() {
  const settings = useUserSettings(useSessionStore((state) => state.playerUuid));
  return <p data-testid="alias-badge">{settings.data?.alias}</p>;
}

const field = (testId: string) => screen.getByTestId(testId);
const dialog = () => screen.getByRole('dialog', { name: 'Edit Details' });
const slider = () => within(dialog()).getByRole('slider', { name: 'Default ruthless choice' });

async function openProfile(user: User, options: Parameters<typeof renderWithApp>[1] = {}) {
  const view = renderWithApp(<ProfileRoute />, { path: '/profile', ...options });
  expect(await screen.findByTestId('profile-alias')).toHaveTextContent('Ann');
  return view;
}

async function openEditDetails(user: User) {
  await user.click(screen.getByRole('button', { name: 'Edit Details' }));
  const name = within(dialog()).getByLabelText('Display name');
  // The modal focuses its first field once drawn.
  await waitFor(() => expect(name).toHaveFocus());
  return name;
}

/** The form's one toast of messages, in the order of the fields. */
async function formErrors() {
  const list = await screen.findByRole('list', { name: 'Form errors' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

/** happy-dom lays nothing out: the slider's track is 200 px wide from x = 100. */
function layOutSlider() {
  slider().getBoundingClientRect = () => new DOMRect(100, 0, 200, 48);
}

async function drag(user: User, pointer: 'MouseLeft' | 'TouchA', from: number, to: number) {
  await user.pointer([
    { keys: `[${pointer}>]`, target: slider(), coords: { clientX: from } },
    { pointerName: pointer === 'TouchA' ? 'TouchA' : 'mouse', target: slider(), coords: { clientX: to } },
    { keys: `[/${pointer}]`, target: slider(), coords: { clientX: to } },
  ]);
}

describe('the profile', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signInPlayer();
    window.dataLayer = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('shows the saved details, the phone in national format', async () => {
    const api = serveProfile();
    const user = userEvent.setup();
    await openProfile(user);
    expect(screen.getByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    expect(field('profile-phone')).toHaveTextContent(/^07911 123456$/);
    expect(field('profile-choice')).toHaveTextContent(/^Share$/);
    expect(screen.getByText('Username')).toBeInTheDocument();
    expect(screen.getByText('Default Ruthless Choice')).toBeInTheDocument();
    expect(api.unanswered).toEqual([]);
    await expectNoAxeViolations();
  });

  it('shows a choice never made as Share or Steal, and a missing name and phone as not set yet', async () => {
    serveProfile({
      'GET /api/operator/user': () => ({
        body: settingsOf({ alias: null, phoneNumber: null, defaultChoice: null }),
      }),
    });
    renderWithApp(<ProfileRoute />, { path: '/profile' });
    expect(await screen.findByTestId('profile-choice')).toHaveTextContent(/^Share\s*or\s*Steal$/);
    expect(field('profile-alias')).toHaveTextContent('Not set yet');
    expect(field('profile-phone')).toHaveTextContent('Not set yet');
  });

  it('Edit Details closes by its close icon and by Escape, keeps Tab inside and gives the focus back', async () => {
    serveProfile();
    const user = userEvent.setup();
    await openProfile(user);
    const edit = screen.getByRole('button', { name: 'Edit Details' });

    await openEditDetails(user);
    // The phone field holds the number as the profile shows it.
    expect(within(dialog()).getByLabelText('Phone number')).toHaveValue('07911 123456');
    expect(slider()).toHaveAttribute('aria-valuetext', 'share');
    await expectNoAxeViolations();
    // Tab and Shift+Tab go round the modal's controls, never out to the page behind.
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < 8; i++) {
      await user.tab({ shift: true });
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    await openEditDetails(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });

  it('Edit Details: every validation message, the slider, then the save, its toast and the refetch', async () => {
    let saved = settingsOf({ defaultChoice: null });
    const api = serveProfile({
      'GET /api/operator/user': () => ({ body: saved }),
      'PATCH /api/operator/user': (call) => {
        const update = call.body as ProfileUpdate;
        saved = settingsOf({
          alias: update.alias,
          phoneNumber: update.phoneNumber,
          defaultChoice: update.ruthlessChoice,
        });
        return { body: saved };
      },
    });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <ProfileRoute />
        <AliasBadge />
      </>,
      { path: '/profile' },
    );
    expect(await screen.findByTestId('profile-choice')).toHaveTextContent(/^Share\s*or\s*Steal$/);
    await waitFor(() => expect(field('alias-badge')).toHaveTextContent('Ann'));
    const name = await openEditDetails(user);
    const phone = within(dialog()).getByLabelText('Phone number');
    const save = within(dialog()).getByRole('button', { name: 'Save' });
    // No default choice yet: the slider rests in the middle.
    expect(slider()).toHaveAttribute('aria-valuetext', 'Not chosen');

    await user.clear(name);
    await user.type(name, '   ');
    await user.clear(phone);
    await user.click(save);
    expect(await formErrors()).toEqual([
      'Display name cannot be empty',
      'You need to provide valid phone number',
      'Please choose your default ruthless choice',
    ]);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations();

    await user.clear(name);
    await user.type(name, 'elevenchars');
    await user.type(phone, '12');
    await user.click(save);
    // The last list goes when the new one comes: only the latest shows.
    await waitFor(() => {
      endToastExits();
      expect(screen.getAllByRole('list', { name: 'Form errors' })).toHaveLength(1);
      expect(screen.getByRole('list', { name: 'Form errors' })).toHaveTextContent(/Maximum allowed/);
    });
    expect(await formErrors()).toEqual([
      'Maximum allowed characters is 10.',
      'You need to provide valid phone number',
      'Please choose your default ruthless choice',
    ]);
    expect(api.callsTo('PATCH', '/api/operator/user')).toEqual([]);

    // The slider: keys, then mouse and finger; a nudge springs back.
    layOutSlider();
    slider().focus();
    await user.keyboard('{ArrowRight}');
    expect(slider()).toHaveAttribute('aria-valuetext', 'steal');
    await user.keyboard('{ArrowLeft}');
    expect(slider()).toHaveAttribute('aria-valuetext', 'share');
    await drag(user, 'MouseLeft', 200, 270);
    expect(slider()).toHaveAttribute('aria-valuetext', 'steal');
    await drag(user, 'TouchA', 200, 130);
    expect(slider()).toHaveAttribute('aria-valuetext', 'share');
    await drag(user, 'MouseLeft', 200, 208);
    expect(slider()).toHaveAttribute('aria-valuetext', 'share');
    await drag(user, 'MouseLeft', 200, 270);
    expect(slider()).toHaveAttribute('aria-valuetext', 'steal');

    await user.clear(name);
    await user.type(name, 'Edna');
    await user.clear(phone);
    await user.type(phone, '+44 7400 123456');
    await user.click(save);

    expect(await screen.findByText('Your details have been updated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/operator/user').map((call) => call.body)).toEqual([
      { alias: 'Edna', phoneNumber: '+447400123456', ruthlessChoice: 'steal' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Refetched: the saved values, as the server now has them.
    await waitFor(() => expect(field('profile-alias')).toHaveTextContent('Edna'));
    expect(field('profile-phone')).toHaveTextContent(/^07400 123456$/);
    expect(field('profile-choice')).toHaveTextContent(/^Steal$/);
    // The start-up gate's copy (the alias badge) follows.
    await waitFor(() => expect(field('alias-badge')).toHaveTextContent('Edna'));
    expect(api.unanswered).toEqual([]);
  });

  it("the phone field's example passes its own check and is saved as the profile shows it", async () => {
    let saved = settingsOf();
    const api = serveProfile({
      'GET /api/operator/user': () => ({ body: saved }),
      'PATCH /api/operator/user': (call) => {
        saved = settingsOf({ phoneNumber: (call.body as ProfileUpdate).phoneNumber });
        return { body: saved };
      },
    });
    const user = userEvent.setup();
    await openProfile(user);
    await openEditDetails(user);
    const phone = within(dialog()).getByLabelText('Phone number');
    expect(phone).toHaveAttribute('placeholder', PHONE_EXAMPLE);
    await user.clear(phone);
    await user.type(phone, PHONE_EXAMPLE);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details have been updated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/operator/user')[0]?.body).toMatchObject({
      phoneNumber: '+447911123456',
    });
    await waitFor(() => expect(field('profile-phone')).toHaveTextContent(new RegExp(`^${PHONE_EXAMPLE}$`)));
  });

  it("a refused save toasts the server's message and keeps the modal open", async () => {
    serveProfile({
      'PATCH /api/operator/user': () =>
        refusal(409, 'request/invalid', 'That chat name is already taken. Please choose another.'),
    });
    const user = userEvent.setup();
    await openProfile(user);
    const name = await openEditDetails(user);
    await user.clear(name);
    await user.type(name, 'Bob');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('That chat name is already taken. Please choose another.'),
    ).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Display name')).toHaveValue('Bob');
    expect(screen.queryByText('Your details have been updated.')).not.toBeInTheDocument();
  });

  it('Go Back returns to where the player came from', async () => {
    serveProfile();
    const user = userEvent.setup();
    renderWithApp(<ProfileRoute />, {
      path: '/',
      route: '/profile',
      routes: [{ path: '/', element: <Link to="/profile">Profile</Link> }],
    });
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    await screen.findByTestId('profile-alias');
    expect(currentLocation()).toBe('/profile');
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(currentLocation()).toBe('/');
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });

  it('Logout signs out with its toast and one logOffTime event, and goes to the login page', async () => {
    const api = serveProfile({ 'POST /api/auth/sign-out': () => ({ body: { success: true } }) });
    const user = userEvent.setup();
    await openProfile(user);
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    const events = (window.dataLayer as { event: string; userId: string; timestamp: string }[]).filter(
      (entry) => entry.event === 'logOffTime',
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.userId).toBe(PLAYER_UUID);
    expect(events[0]!.timestamp).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    // Signed out here too: the session is forgotten.
    expect(useSessionStore.getState().playerUuid).toBeNull();
    await act(async () => undefined);
  });
});
