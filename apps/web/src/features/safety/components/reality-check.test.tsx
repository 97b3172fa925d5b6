import { realityCheckSchema, type RealityCheck as Figures } from '@ruthless/protocol/safety';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { safetySettingsOf, serveProfile, signInPlayer } from '@test/profile';
import { RealityCheck } from './reality-check';
import { RealityCheckModal } from './reality-check-modal';

const MINUTE = 60_000;
// Signed in at 18:30 local.
const signedInAt = new Date(2026, 10, 20, 18, 30);

const check = () => screen.getByRole('alertdialog', { name: 'Reality check' });
describe('Reality check', { timeout: 30_000 }, () => {
  beforeEach(() => signInPlayer());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it("is planned at the interval's whole minutes since sign-in, and asks the server's figures when due", async () => {
    // 14 minutes played when the lobby opens: the check is due at 15, not before.
    const due = signedInAt.getTime() + 15 * MINUTE;
    vi.useFakeTimers({ now: due - MINUTE, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // When due, the player has switched checks off meanwhile: the figures say so and none shows.
    const askedAt: number[] = [];
    serveProfile({
      'GET /api/safety/settings': () => ({ body: safetySettingsOf({ realityCheckMinutes: 15 }) }),
      'GET /api/safety/reality-check': () => {
        askedAt.push(Date.now());
        return {
          body: realityCheckSchema.parse({
            realityCheckMinutes: Date.now() < due ? 15 : null,
            sessionStartedAt: signedInAt.toISOString(),
            at: new Date().toISOString(),
            playedMs: Date.now() - signedInAt.getTime(),
            showsJoined: 0,
            winningsPence: 0,
          }),
        };
      },
    });
    renderWithApp(<RealityCheck />, { path: '/' });
    await settle();
    expect(askedAt.length).toBeGreaterThan(0);

    await act(() => vi.advanceTimersByTimeAsync(MINUTE - 1000));
    await settle();
    expect(askedAt.every((at) => at < due)).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await settle();
    // Asked of the server when due, to the millisecond.
    expect(askedAt.at(-1)).toBe(due);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("shows the server's figures of the session, Keep playing and Take a break", async () => {
    const onKeepPlaying = vi.fn();
    const onTakeABreak = vi.fn();
    const user = userEvent.setup();
    const figures = realityCheckSchema.parse({
      realityCheckMinutes: 15,
      sessionStartedAt: signedInAt.toISOString(),
      at: new Date(signedInAt.getTime() + 75 * MINUTE).toISOString(),
      playedMs: 75 * MINUTE,
      showsJoined: 2,
      winningsPence: 1250,
    } satisfies Figures);
    renderWithApp(
      <RealityCheckModal figures={figures} onKeepPlaying={onKeepPlaying} onTakeABreak={onTakeABreak} />,
    );
    expect(check()).toHaveTextContent(
      'You have been playing for 1 hour 15 minutes, since you signed in at 18:30.',
    );
    expect(within(check()).getByTestId('reality-check-shows')).toHaveTextContent(/^2$/);
    expect(within(check()).getByTestId('reality-check-winnings')).toHaveTextContent(/^£12\.50$/);
    expect(within(check()).getByText('Shows joined')).toBeInTheDocument();
    expect(within(check()).getByText('Winnings')).toBeInTheDocument();
    await expectNoAxeViolations();

    await user.click(within(check()).getByRole('button', { name: 'Keep playing' }));
    expect(onKeepPlaying).toHaveBeenCalledTimes(1);
    await user.click(within(check()).getByRole('button', { name: 'Take a break' }));
    expect(onTakeABreak).toHaveBeenCalledTimes(1);
    // Escape and the close icon are Keep playing.
    await user.click(within(check()).getByRole('button', { name: 'Close' }));
    expect(onKeepPlaying).toHaveBeenCalledTimes(2);
  });

  it('says a session of nothing won as £0.00 and under a minute as 1 minute', () => {
    renderWithApp(
      <RealityCheckModal
        figures={realityCheckSchema.parse({
          realityCheckMinutes: 15,
          sessionStartedAt: signedInAt.toISOString(),
          at: new Date(signedInAt.getTime() + 20_000).toISOString(),
          playedMs: 20_000,
          showsJoined: 0,
          winningsPence: 0,
        })}
        onKeepPlaying={() => undefined}
        onTakeABreak={() => undefined}
      />,
    );
    expect(check()).toHaveTextContent('You have been playing for 1 minute, since you signed in at 18:30.');
    expect(within(check()).getByTestId('reality-check-shows')).toHaveTextContent(/^0$/);
    expect(within(check()).getByTestId('reality-check-winnings')).toHaveTextContent(/^£0\.00$/);
  });

  it('never comes when reality checks are off', async () => {
    vi.useFakeTimers({
      now: signedInAt.getTime() + 14 * MINUTE,
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    serveProfile({
      'GET /api/safety/settings': () => ({ body: safetySettingsOf({ realityCheckMinutes: null }) }),
      'GET /api/safety/reality-check': () => ({
        body: realityCheckSchema.parse({
          realityCheckMinutes: null,
          sessionStartedAt: signedInAt.toISOString(),
          at: new Date().toISOString(),
          playedMs: Date.now() - signedInAt.getTime(),
          showsJoined: 0,
          winningsPence: 0,
        }),
      }),
    });
    renderWithApp(<RealityCheck />, { path: '/' });
    for (let hour = 0; hour < 3; hour++) {
      await settle();
      await act(() => vi.advanceTimersByTimeAsync(60 * MINUTE));
    }
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

/**
 * Lets what is under way finish (a request answered, its body read, the timer planned from it:
 * a few turns of the event loop, which the fake clock leaves alone).
 */
async function settle() {
  for (let turn = 0; turn < 20; turn++) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}
