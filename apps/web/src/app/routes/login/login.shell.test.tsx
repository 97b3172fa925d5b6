import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, serveApi, currentLocation } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { LoginRoute } from './login';

// axe on a whole page, and the page's parts that load on demand, on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });
const loaded = { timeout: 10_000 };

// The landing page as a visitor sees it (issue 2 item 9, issue 13): the shell's side of it (the
// logo, the test-show notice, the marketing copy, the footer and its links, the privacy policy in
// the form area's place). Its forms are the sign-in tests'.

beforeEach(() => {
  serveApi({
    'GET /api/rooms': () => ({ body: [] }),
    'GET /api/auth/providers': () => ({ body: { emailPassword: true, google: false } }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the landing page', () => {
  it('shows the logo, the test-show notice, the marketing and the footer, without a bottom bar', async () => {
    const { container } = renderWithApp(<LoginRoute />, { path: '/login' });
    expect(screen.getByRole('img', { name: 'Ruthless' })).toBeInTheDocument();
    expect(screen.getByText(/share/i, { selector: 'strong' })).toBeInTheDocument();
    const notice = screen.getByRole('complementary', { name: 'Test shows' });
    expect(notice).toHaveTextContent('Every show is a free test');
    expect(notice).toHaveTextContent('no real prizes');
    expect(await screen.findByRole('heading', { name: 'What is Ruthless?' }, loaded)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Who is behind Ruthless?' })).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2026 Ruthless');
    expect(footer).toHaveTextContent('Powered by');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    for (const alt of ['18+ only', 'Play responsibly', 'Free play, no real prizes']) {
      // That each image really loads is the browser sweep's (e2e/a11y.spec.ts).
      expect(within(footer).getByAltText(alt)).toHaveAttribute(
        'src',
        expect.stringMatching(/^\/logos\/.+\.svg$/),
      );
    }
    // No bottom bar for visitors.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows the privacy policy in place of the form area, and goes back to sign in', async () => {
    const user = userEvent.setup();
    const { container } = renderWithApp(<LoginRoute />, { path: '/login?privacy-policy=1' });
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' }, loaded)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your rights' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Take your seat' })).toBeNull();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(currentLocation()).toMatch(/^\/login(\?form_type=sign-in)?$/);
    expect(await screen.findByRole('heading', { name: 'Take your seat' }, loaded)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Privacy Policy' })).toBeNull();

    await user.click(
      within(await screen.findByRole('contentinfo', {}, loaded)).getByRole('link', {
        name: 'Privacy Policy',
      }),
    );
    expect(currentLocation()).toMatch(/privacy-policy=1/);
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' }, loaded)).toBeInTheDocument();
  });

  it.each([
    ['sign-in', 'Sign in'],
    ['sign-up', 'Sign up'],
    ['forgot-password', 'Send reset link'],
  ])('has no axe violation in its %s mode', async (mode, button) => {
    const { container } = renderWithApp(<LoginRoute />, { path: `/login?form_type=${mode}` });
    expect((await screen.findAllByRole('button', { name: button }, loaded))[0]).toBeInTheDocument();
    await screen.findByRole('contentinfo', {}, loaded);
    await expectNoAxeViolations(container);
  });

  it('leads a visitor to How to play from the footer', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginRoute />, { path: '/login' });
    const link = within(await screen.findByRole('contentinfo', {}, loaded)).getByRole('link', {
      name: 'How to play',
    });
    expect(link).toHaveAttribute('href', '/how-to-play');
    await user.click(link);
    expect(currentLocation()).toBe('/how-to-play');
  });
});
