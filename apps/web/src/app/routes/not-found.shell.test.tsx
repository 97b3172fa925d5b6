import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, renderWithApp } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { NotFoundRoute } from './not-found';

// axe on a whole page, and the page's parts that load on demand, on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

describe('the not-found page', () => {
  it('says the number is not on the board and leads to the lobby', async () => {
    const user = userEvent.setup();
    const { container } = renderWithApp(<NotFoundRoute />, { path: '/no/such/show', route: '*' });
    expect(screen.getByRole('heading', { name: "That number's not on the board" })).toBeInTheDocument();
    await expectNoAxeViolations(container);
    // The lobby (which sends a visitor to sign in: the start-up gate's).
    await user.click(screen.getByRole('link', { name: 'Games Lobby' }));
    expect(currentLocation()).toBe('/');
  });
});
