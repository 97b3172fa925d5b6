import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useServerClockStore } from '@/stores/server-clock-store';
import { COUNTDOWN_TICK_MS, useCountdown } from '../hooks/use-countdown';
import { Countdown } from './countdown';

const now = Date.UTC(2026, 10, 22, 19, 0, 0);
const at = (ms: number) => new Date(now + ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A lobby row's clock: the hook's value in the boxes. */
function StartsIn({ startTime }: { startTime: string }) {
  return <Countdown value={useCountdown(startTime)} />;
}

/** What the boxes read on screen, e.g. "2 days 03:04:05". */
function boxes() {
  const timer = screen.getByRole('timer');
  const text = (unit: string) => timer.querySelector(`[data-unit="${unit}"]`)?.firstChild?.textContent;
  return `${text('days')} days ${text('hrs')}:${text('min')}:${text('sec')}`;
}

const tick = (ms = COUNTDOWN_TICK_MS) => act(() => vi.advanceTimersByTime(ms));

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now });
    useServerClockStore.setState({ offsetMs: 0, measured: false });
  });
  afterEach(() => {
    vi.useRealTimers();
    useServerClockStore.setState({ offsetMs: 0, measured: false });
  });

  it('shows the days and hh:mm:ss left, read out as one timer', () => {
    render(<StartsIn startTime={at(2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND)} />);
    expect(boxes()).toBe('2 days 03:04:05');
    expect(screen.getByRole('timer', { name: 'Starts in 2 days 03:04:05' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/2days03hrs04min05sec/);
  });

  it('ticks down once a second, carrying over the minute', () => {
    render(<StartsIn startTime={at(MINUTE + 2 * SECOND)} />);
    expect(boxes()).toBe('0 days 00:01:02');
    tick();
    expect(boxes()).toBe('0 days 00:01:01');
    tick();
    tick();
    expect(boxes()).toBe('0 days 00:00:59');
    // Less than a tick changes nothing on screen.
    tick(COUNTDOWN_TICK_MS - 1);
    expect(boxes()).toBe('0 days 00:00:59');
  });

  it('stops at zero at the start time, never below, and stops ticking', () => {
    render(<StartsIn startTime={at(3 * SECOND)} />);
    tick(3 * SECOND);
    expect(screen.getByRole('timer', { name: 'Starts in 0 days 00:00:00' })).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
    tick(10 * SECOND);
    expect(boxes()).toBe('0 days 00:00:00');
  });

  it('runs every countdown on screen from one clock, which stops once the last is complete', () => {
    render(
      <>
        <StartsIn startTime={at(2 * SECOND)} />
        <StartsIn startTime={at(HOUR)} />
        <StartsIn startTime={at(DAY)} />
      </>,
    );
    // One wake-up a second for the whole lobby, not one a row.
    expect(vi.getTimerCount()).toBe(1);
    tick(2 * SECOND);
    expect(screen.getAllByRole('timer').map((timer) => timer.getAttribute('aria-label'))).toEqual([
      'Starts in 0 days 00:00:00',
      'Starts in 0 days 00:59:58',
      'Starts in 0 days 23:59:58',
    ]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it("counts by the server's clock: a phone a minute slow still shows the server's time left", () => {
    // The server is one minute ahead of this phone.
    useServerClockStore.setState({ offsetMs: MINUTE });
    render(<StartsIn startTime={at(5 * MINUTE)} />);
    expect(boxes()).toBe('0 days 00:04:00');
  });

  it('follows a new offset when the clock is measured again', () => {
    render(<StartsIn startTime={at(5 * MINUTE)} />);
    expect(boxes()).toBe('0 days 00:05:00');
    act(() => useServerClockStore.getState().setOffset(30 * SECOND));
    expect(boxes()).toBe('0 days 00:04:30');
  });
});
