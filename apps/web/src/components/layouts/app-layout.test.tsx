import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import * as howler from 'howler';
import { myShowsResponseSchema } from '@ruthless/protocol';
import { api } from '@/lib/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MUTE_STORAGE_KEY, playSfx, setMuted } from '@/lib/sound';
import { useClientStore } from '@/stores/client-store';
import { useSessionStore } from '@/stores/session-store';
import { serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { renderShell } from '@test/shell';
import type { fakeHowler } from '@test/shell-howler';

// axe and lazy parts on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

// howler at the audio edge: what the app asks of it is what the player hears.
vi.mock('howler', async () => (await import('@test/shell-howler')).fakeHowler());
const fake = howler as unknown as ReturnType<typeof fakeHowler>;

const screens = {
  '': <h1>Games Lobby</h1>,
  profile: <h1>Your Profile</h1>,
  'how-to-play': <h1>How to play</h1>,
  'game/:id': <h1>Green Room</h1>,
};

/** A profile screen reading the player's shows, as the real one does (features/profile's MyShows). */
function ProfileWithShows() {
  const shows = useQuery({
    queryKey: ['myShows'],
    queryFn: () => api.get('/my-shows', { schema: myShowsResponseSchema }),
  });
  return <h1>{shows.data ? `${shows.data.length} shows` : 'Your Profile'}</h1>;
}

const bar = () => screen.getByRole('navigation', { name: 'Main' });
const menuButton = () => within(bar()).getByRole('button', { name: /menu/i });
const menu = () => screen.getByRole('dialog', { name: 'Menu' });
/** The crash card (the rotate-device message is an alert too, hidden by CSS in portrait). */
const crashCard = () => screen.findByRole('alert', { name: 'Ooops! Something went wrong.' });

beforeEach(() => {
  useClientStore.setState(useClientStore.getInitialState(), true);
  useSessionStore.getState().reset();
  setMuted(false);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the bottom bar and its menu', () => {
  it('opens the menu, whose entries lead to the lobby, the profile and How to play; the logo goes home', async () => {
    const user = userEvent.setup();
    const { container } = renderShell('/', screens);
    expect(await screen.findByRole('heading', { name: 'Games Lobby' })).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveAccessibleName('Close menu');
    expect(
      within(menu())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Games Lobby', 'Profile', 'How to play', 'Toggle SoundOn', 'Logout']);
    // The first entry takes the focus; the rest of the page is out of reach behind it.
    expect(within(menu()).getByRole('link', { name: 'Games Lobby' })).toHaveFocus();
    await expectNoAxeViolations(container);

    await user.click(within(menu()).getByRole('link', { name: 'How to play' }));
    expect(await screen.findByRole('heading', { name: 'How to play' })).toBeInTheDocument();
    // A new screen never opens with the menu still over it.
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();

    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Games Lobby' }));
    expect(await screen.findByRole('heading', { name: 'Games Lobby' })).toBeInTheDocument();

    // The logo goes back to the lobby.
    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Profile' }));
    await screen.findByRole('heading', { name: 'Your Profile' });
    await user.click(within(bar()).getByRole('link', { name: 'Games Lobby' }));
    expect(await screen.findByRole('heading', { name: 'Games Lobby' })).toBeInTheDocument();
  });

  it('closes the menu with Escape', async () => {
    const user = userEvent.setup();
    renderShell('/', screens);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('is hidden in preview mode, where a host looks at the game screen alone', async () => {
    renderShell('/game/00000000-0000-4000-8000-000000000000?preview=1', screens);
    expect(await screen.findByRole('heading', { name: 'Green Room' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Menu', hidden: true })).toBeNull();
  });

  it('shows on a game screen outside preview mode', async () => {
    renderShell('/game/00000000-0000-4000-8000-000000000000', screens);
    expect(await screen.findByRole('heading', { name: 'Green Room' })).toBeInTheDocument();
    expect(bar()).toBeInTheDocument();
  });
});

describe("the menu's Toggle Sound", () => {
  it('mutes every sound, remembered as isMuted, and unmutes again', async () => {
    const user = userEvent.setup();
    renderShell('/', screens);
    // Sound starts with the player's first tap (howler loads then).
    playSfx('click');
    await waitFor(() => expect(fake.played).toContain('/media/sfx/click.mp3'));
    expect(fake.Howler._muted).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const toggle = within(menu()).getByRole('button', { name: /Toggle Sound/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveTextContent('On');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveTextContent('Off');
    expect(localStorage.getItem(MUTE_STORAGE_KEY)).toBe('true');
    await waitFor(() => expect(fake.Howler._muted).toBe(true));

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveTextContent('On');
    expect(localStorage.getItem(MUTE_STORAGE_KEY)).toBe('false');
    await waitFor(() => expect(fake.Howler._muted).toBe(false));
  });

  it('shows Off when the player had muted the app before', async () => {
    act(() => setMuted(true));
    renderShell('/', screens);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const toggle = within(menu()).getByRole('button', { name: /Toggle Sound/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveTextContent('Off');
  });
});

describe('a crash', () => {
  it("in the profile's area leaves the menu working, and Refresh reloads the page", async () => {
    const user = userEvent.setup();
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    // An answer not of the protocol's shape makes the profile's list throw while rendering.
    serveApi({ 'GET /api/my-shows': () => ({ body: { not: 'a list' } }) });
    const { container } = renderShell('/profile', { ...screens, profile: <ProfileWithShows /> });

    const crash = await crashCard();
    expect(crash).toHaveAttribute('data-area', 'profile');
    expect(within(crash).getByRole('heading', { name: 'Ooops! Something went wrong.' })).toBeInTheDocument();
    expect(
      within(crash).getByText('Please refresh. If this problem persist please contact administrator.'),
    ).toBeInTheDocument();
    expect(within(crash).getByLabelText('Error trace')).not.toBeEmptyDOMElement();
    await expectNoAxeViolations(container);

    // The rest of the app still works.
    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Games Lobby' }));
    expect(await screen.findByRole('heading', { name: 'Games Lobby' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ooops! Something went wrong.' })).toBeNull();

    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Profile' }));
    const again = await crashCard();
    await user.click(within(again).getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("of a screen whose code fails to load shows the crash card with the error's trace", async () => {
    const user = userEvent.setup();
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    renderShell('/game/00000000-0000-4000-8000-000000000000?preview=1', {
      ...screens,
      'game/:id': {
        lazy: () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/game-x.js')),
      },
    });
    const crash = await crashCard();
    expect(within(crash).getByRole('heading', { name: 'Ooops! Something went wrong.' })).toBeInTheDocument();
    expect(within(crash).getByLabelText('Error trace')).toHaveTextContent(
      'TypeError: Failed to fetch dynamically imported module: /assets/game-x.js',
    );
    await user.click(within(crash).getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
