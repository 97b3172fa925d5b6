import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, renderWithApp } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { HowToPlayRoute } from './how-to-play';

// axe on a whole page, and the page's parts that load on demand, on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

describe('How to play', () => {
  it('explains the show stage by stage, the prizes, Lucky Fate, the final and the fair draw', async () => {
    const user = userEvent.setup();
    const { container } = renderWithApp(<HowToPlayRoute />, { path: '/how-to-play' });
    expect(screen.getByRole('heading', { name: 'How to play', level: 1 })).toBeInTheDocument();
    for (const heading of ['The show, stage by stage', 'Prizes', 'The final: share or steal?']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Lucky Fate' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /fair draw/ })).toBeInTheDocument();
    expect(screen.getByText(/the seed is published/)).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('link', { name: 'Games Lobby' }));
    expect(currentLocation()).toBe('/');
  });
});
