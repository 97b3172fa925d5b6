import {
  playBreakStatusSchema,
  SafetyErrorCode,
  SafetyMessage,
  type PlayBreakStatus,
} from '@ruthless/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { noBreak, refusal, serveProfile, signInPlayer } from '@test/profile';
import { TakeABreak } from './take-a-break';

// Local times, so the words read the same in any time zone: the player takes the break on
// 20 November 2026 at 18:30 and a 7-day break runs until the 27th at 18:30.
const now = new Date(2026, 10, 20, 18, 30);
const weekLater = new Date(2026, 10, 27, 18, 30);

const week: PlayBreakStatus = playBreakStatusSchema.parse({
  current: { kind: 'break', period: '7d', startedAt: now.toISOString(), endsAt: weekLater.toISOString() },
});

const section = () => screen.getByRole('region', { name: 'Take a break' });
const confirmation = () => screen.getByRole('dialog', { name: 'Are you sure?' });

/** The server's side of a break: none at first, then the one taken; a shorter one refused. */
function serveBreaks() {
  let status = noBreak;
  return serveProfile({
    'GET /api/safety/break': () => ({ body: status }),
    'POST /api/safety/break': (call) => {
      const { period } = call.body as { period: string };
      if (status.current && period === '24h') {
        return refusal(409, SafetyErrorCode.cannotShorten, SafetyMessage.cannotShorten(weekLater));
      }
      status = week;
      return { status: 201, body: week };
    },
  });
}

describe('Take a break', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // Only the clock read: promises and timers run as usual.
    vi.useFakeTimers({ now, toFake: ['Date'] });
    signInPlayer();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useSessionStore.getState().reset();
  });

  it('takes a 7-day break after a confirmation that Cancel leaves unmade, then shows it with its end', async () => {
    const api = serveBreaks();
    const user = userEvent.setup();
    renderWithApp(<TakeABreak />, { path: '/profile' });

    expect(await within(section()).findByText(/^Need some time away\?/)).toBeInTheDocument();
    const start = within(section()).getByRole('button', { name: 'Start my break' });
    expect(start).toBeDisabled();
    for (const period of ['24 hours', '7 days', '30 days', '6 months', '1 year', '2 years', '5 years']) {
      expect(within(section()).getByRole('radio', { name: period })).not.toBeChecked();
    }
    await expectNoAxeViolations();

    await user.click(within(section()).getByRole('radio', { name: '7 days' }));
    await user.click(start);
    expect(confirmation()).toHaveTextContent(
      'For 7 days, until 27 November 2026 at 18:30, you will not be able to claim tickets or join shows. It cannot be shortened or ended early.',
    );
    await expectNoAxeViolations();
    // Cancel changes nothing.
    await user.click(within(confirmation()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('break-status')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/safety/break')).toEqual([]);

    await user.click(start);
    await user.click(within(confirmation()).getByRole('button', { name: 'Yes, start it now' }));
    expect(
      await screen.findByText('Your break has started. We have sent you an email to confirm it.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/safety/break').map((call) => call.body)).toEqual([{ period: '7d' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const status = await within(section()).findByTestId('break-status');
    expect(status).toHaveTextContent('You are taking a break until 27 November 2026 at 18:30.');
    expect(status).toHaveTextContent(
      'It cannot be shortened or ended early. Your past results stay open to you.',
    );
    expect(within(section()).getByText('You can make it longer, never shorter.')).toBeInTheDocument();
    // The choice is cleared: a longer one must be chosen anew.
    expect(within(section()).getByRole('button', { name: 'Make my break longer' })).toBeDisabled();
    await expectNoAxeViolations();
  });

  it("refuses a shorter break in the server's words and keeps the one in force", async () => {
    serveBreaks();
    const user = userEvent.setup();
    renderWithApp(<TakeABreak />, { path: '/profile' });
    await user.click(await within(section()).findByRole('radio', { name: '7 days' }));
    await user.click(within(section()).getByRole('button', { name: 'Start my break' }));
    await user.click(within(confirmation()).getByRole('button', { name: 'Yes, start it now' }));
    await within(section()).findByTestId('break-status');

    await user.click(within(section()).getByRole('radio', { name: '24 hours' }));
    await user.click(within(section()).getByRole('button', { name: 'Make my break longer' }));
    await user.click(within(confirmation()).getByRole('button', { name: 'Yes, start it now' }));
    expect(
      await screen.findByText(
        /Your break already runs until .*\. A break cannot be shortened or ended early\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section()).getByTestId('break-status')).toHaveTextContent(
      'You are taking a break until 27 November 2026 at 18:30.',
    );
  });

  it('says a self-exclusion in force in its own words', async () => {
    serveProfile({
      'GET /api/safety/break': () => ({
        body: playBreakStatusSchema.parse({
          current: {
            kind: 'self-exclusion',
            period: '6m',
            startedAt: now.toISOString(),
            endsAt: new Date(2027, 4, 20, 18, 30).toISOString(),
          },
        }),
      }),
    });
    renderWithApp(<TakeABreak />, { path: '/profile' });
    expect(await screen.findByTestId('break-status')).toHaveTextContent(
      'You have excluded yourself from play until 20 May 2027 at 18:30.',
    );
  });

  it("opens at the section from a reality check's 'Take a break' (/profile#take-a-break)", async () => {
    serveProfile();
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    renderWithApp(<TakeABreak />, { path: '/profile#take-a-break', route: '/profile' });
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith({ block: 'start' }));
    expect(scrolled.mock.contexts[0]).toBe(section());
  });
});
