import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { LandingFooter } from './landing-footer';
import { Marketing } from './marketing';

// Moved from e2e/player-small-things.spec.ts (issue 39): the landing's footer, with the
// marketing copy above it as login.tsx puts them.

describe("the landing footer's 'Powered by Ruthless Live'", { timeout: 30_000 }, () => {
  it('leads to who makes the show on this page, not to the API reference', async () => {
    renderWithApp(
      <main>
        <Marketing />
        <LandingFooter />
      </main>,
      { path: '/login' },
    );
    const link = screen.getByRole('link', { name: 'Ruthless Live' });
    expect(link.closest('nav')).toHaveTextContent('Powered by Ruthless Live');
    const href = link.getAttribute('href') ?? '';
    expect(href).not.toMatch(/\/api\//);
    // A fragment of this page: the heading of 'Who is behind Ruthless?'.
    expect(href).toMatch(/^#/);
    expect(document.getElementById(href.slice(1))).toBe(
      screen.getByRole('heading', { name: 'Who is behind Ruthless?' }),
    );
    await expectNoAxeViolations();
  });
});
