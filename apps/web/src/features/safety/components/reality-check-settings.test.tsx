import type { SafetySettingsBody } from '@ruthless/protocol/safety';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { refusal, safetySettingsOf, serveProfile, signInPlayer } from '@test/profile';
import { RealityCheckSettings } from './reality-check-settings';

const section = () => screen.getByRole('region', { name: 'Reality checks' });
const radio = (name: string) => within(section()).getByRole('radio', { name });

/** The server keeps what the profile sends and answers with the whole of it. */
function serveSettings() {
  let settings = safetySettingsOf();
  return serveProfile({
    'GET /api/safety/settings': () => ({ body: settings }),
    'PUT /api/safety/settings': (call) => {
      settings = safetySettingsOf({ ...settings, ...(call.body as SafetySettingsBody) });
      return { body: settings };
    },
    'GET /api/safety/reality-check': () => ({
      body: {
        realityCheckMinutes: settings.realityCheckMinutes,
        sessionStartedAt: new Date(Date.now() - 60_000).toISOString(),
        at: new Date().toISOString(),
        playedMs: 60_000,
        showsJoined: 0,
        winningsPence: 0,
      },
    }),
  });
}

describe('Reality checks settings', { timeout: 30_000 }, () => {
  beforeEach(() => signInPlayer());
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('shows the interval in force (1 hour unless chosen) and every choice, off included', async () => {
    serveSettings();
    renderWithApp(<RealityCheckSettings />, { path: '/profile' });
    expect(await within(section()).findByText(/we stop now and then/)).toHaveTextContent(
      'While you play, we stop now and then to show how long you have been playing since you signed in, the shows you joined and what you won.',
    );
    expect(radio('1 hour')).toBeChecked();
    for (const name of ['15 minutes', '30 minutes', '45 minutes', '90 minutes', '2 hours', 'Off']) {
      expect(radio(name)).not.toBeChecked();
    }
    expect(
      within(section()).getByRole('checkbox', { name: 'Email me 10 minutes before every show I claim' }),
    ).not.toBeChecked();
    await expectNoAxeViolations();
  });

  it("saves a new interval at once, toasts it, and the app's reality check asks the server again", async () => {
    const api = serveSettings();
    const user = userEvent.setup();
    const { RealityCheck } = await import('./reality-check');
    renderWithApp(
      <>
        <RealityCheckSettings />
        <RealityCheck />
      </>,
      { path: '/profile' },
    );
    await waitFor(() => expect(radio('1 hour')).toBeChecked());
    // The app's timer plans its check from the server's figures.
    const figuresAsked = () => api.callsTo('GET', '/api/safety/reality-check').length;
    await waitFor(() => expect(figuresAsked()).toBeGreaterThan(0));
    const before = figuresAsked();

    await user.click(radio('15 minutes'));
    expect(await screen.findByText('Saved: a reality check every 15 minutes.')).toBeInTheDocument();
    expect(radio('15 minutes')).toBeChecked();
    expect(radio('1 hour')).not.toBeChecked();
    // The new interval sets the app's timer from the server's figures again.
    await waitFor(() => expect(figuresAsked()).toBe(before + 1));

    await user.click(radio('Off'));
    expect(await screen.findByText('Reality checks are off.')).toBeInTheDocument();
    expect(radio('Off')).toBeChecked();
    expect(api.callsTo('PUT', '/api/safety/settings').map((call) => call.body)).toEqual([
      { realityCheckMinutes: 15 },
      { realityCheckMinutes: null },
    ]);
  });

  it('turns the reminder of every show claimed on and off', async () => {
    const api = serveSettings();
    const user = userEvent.setup();
    renderWithApp(<RealityCheckSettings />, { path: '/profile' });
    const every = await within(section()).findByRole('checkbox', {
      name: 'Email me 10 minutes before every show I claim',
    });
    await user.click(every);
    expect(
      await screen.findByText('Done: we will email you 10 minutes before every show you claim.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(every).toBeChecked());
    await user.click(every);
    expect(await screen.findByText('Done: no more reminders of every show you claim.')).toBeInTheDocument();
    await waitFor(() => expect(every).not.toBeChecked());
    expect(api.callsTo('PUT', '/api/safety/settings').map((call) => call.body)).toEqual([
      { remindEveryShow: true },
      { remindEveryShow: false },
    ]);
  });

  it("says a refused change in the server's words and keeps the interval in force", async () => {
    serveProfile({
      'PUT /api/safety/settings': () =>
        refusal(400, 'request/invalid', 'Reality checks can be every 15 to 120 minutes.'),
    });
    const user = userEvent.setup();
    renderWithApp(<RealityCheckSettings />, { path: '/profile' });
    await user.click(await within(section()).findByRole('radio', { name: '30 minutes' }));
    expect(await screen.findByText('Reality checks can be every 15 to 120 minutes.')).toBeInTheDocument();
    expect(radio('1 hour')).toBeChecked();
  });
});
