import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, serveApi } from '@test/app';
import { GoogleSignIn } from './google-button';

// Moved from e2e/game-first-evening.spec.ts: a server without a Google client (the e2e server's
// case; apps/server/test/auth/auth.test.ts checks its /api/auth/providers answer) gets no Google
// button on the landing and no 'or' before it.

afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderWithApp(<GoogleSignIn returned={null} onSignedIn={async () => undefined} />, { path: '/login' });

describe('GoogleSignIn on the landing', () => {
  it('without a Google client: no Continue with Google and no "or"', async () => {
    serveApi({ 'GET /api/auth/providers': () => ({ body: { emailPassword: true, google: false } }) });
    const { queryClient } = render();
    // Once the answer is in: still nothing.
    await waitFor(() => expect(queryClient.getQueryState(['authProviders'])?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByRole('separator', { name: 'or' })).not.toBeInTheDocument();
  });

  it('with one: the "or" and the button', async () => {
    serveApi({ 'GET /api/auth/providers': () => ({ body: { emailPassword: true, google: true } }) });
    render();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'or' })).toBeInTheDocument();
  });
});
