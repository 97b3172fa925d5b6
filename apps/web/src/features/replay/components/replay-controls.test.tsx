import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@test/axe';
import type { ReplayPlayer, ReplaySpeed } from '../hooks/use-replay-player';
import type { Timeline } from '../utils/timeline';
import { ReplayControls } from './replay-controls';

// A show of 100 s on its own clock: a line at 40 s (mine), two lines at 55 s, the full house at
// 70 s, the final at 75 s.
const start = 1_000_000;
const timeline = (mine: boolean): Timeline => ({
  start,
  end: start + 100_000,
  marks: [
    { at: start + 40_000, kind: 'one-line', mine },
    { at: start + 55_000, kind: 'two-lines', mine: false },
    { at: start + 70_000, kind: 'full-house', mine: false },
    { at: start + 75_000, kind: 'final', mine: false },
  ],
});

/** The controls with a player whose state moves as the real one's does; `seek` is recorded. */
function renderControls({ mine = false, at = start } = {}) {
  const seek = vi.fn();
  function Controls() {
    const [playing, setPlaying] = useState(true);
    const [speed, setSpeed] = useState<ReplaySpeed>(1);
    const [position, setPosition] = useState(at);
    const player: ReplayPlayer = {
      timeline: timeline(mine),
      players: 3,
      position,
      playing,
      speed,
      play: () => setPlaying(true),
      pause: () => setPlaying(false),
      setSpeed,
      seek: (to) => {
        seek(to);
        setPosition(to);
        setPlaying(false);
      },
    };
    return <ReplayControls player={player} />;
  }
  render(<Controls />);
  return { seek, controls: within(screen.getByRole('region', { name: 'Watch again controls' })) };
}

describe('ReplayControls', () => {
  it('plays at 1x, 2x or 4x, one pressed at a time, and pauses', async () => {
    const { controls } = renderControls();
    const user = userEvent.setup();
    const speeds = within(controls.getByRole('group', { name: 'Speed' }));
    expect(speeds.getByRole('button', { name: '1x' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(speeds.getByRole('button', { name: '4x' }));
    expect(speeds.getByRole('button', { name: '4x' })).toHaveAttribute('aria-pressed', 'true');
    expect(speeds.getByRole('button', { name: '1x' })).toHaveAttribute('aria-pressed', 'false');
    expect(speeds.getByRole('button', { name: '2x' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(controls.getByRole('button', { name: 'Pause' }));
    expect(controls.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('marks every win and the final; the final seeks into its first second, a win to the ball before it', async () => {
    const { controls, seek } = renderControls();
    const user = userEvent.setup();
    const marks = within(controls.getByRole('list', { name: 'Moments' })).getAllByRole('button');
    expect(marks.map((mark) => mark.getAttribute('aria-label'))).toEqual([
      'Go to One line (0:40)',
      'Go to Two lines (0:55)',
      'Go to Full house (1:10)',
      'Go to The final (1:15)',
    ]);

    await user.click(controls.getByRole('button', { name: /^Go to The final/ }));
    expect(seek).toHaveBeenLastCalledWith(start + 76_000);
    // Seeking keeps the show paused at the moment chosen, and the time and the slider say where.
    expect(controls.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(controls.getByTestId('replay-time')).toHaveTextContent('1:16 / 1:40');
    expect(controls.getByRole('slider', { name: 'Position in the show' })).toHaveAttribute(
      'aria-valuetext',
      '1:16 of 1:40',
    );

    await user.click(controls.getByRole('button', { name: /^Go to Two lines/ }));
    expect(seek).toHaveBeenLastCalledWith(start + 53_500);
  });

  it('offers "Jump to my wins" to a ticket holder who won, and only to them', async () => {
    const { controls, seek } = renderControls({ mine: true, at: start + 76_000 });
    // Past the last of them, it goes back to the first.
    await userEvent.setup().click(controls.getByRole('button', { name: 'Jump to my wins' }));
    expect(seek).toHaveBeenLastCalledWith(start + 38_500);
  });

  it('has no "Jump to my wins" for a visitor or a player who did not win', () => {
    const { controls } = renderControls({ mine: false });
    expect(controls.queryByRole('button', { name: 'Jump to my wins' })).not.toBeInTheDocument();
  });

  it('Hide controls folds them to one row (play and the time), Show controls brings them back', async () => {
    const { controls } = renderControls({ mine: true, at: start + 20_000 });
    const user = userEvent.setup();
    const fold = controls.getByRole('button', { name: 'Hide controls' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');

    await user.click(fold);
    expect(controls.getByRole('button', { name: 'Show controls' })).toHaveAttribute('aria-expanded', 'false');
    expect(controls.queryByRole('slider', { name: 'Position in the show' })).not.toBeInTheDocument();
    expect(controls.queryByRole('group', { name: 'Speed' })).not.toBeInTheDocument();
    expect(controls.queryByRole('button', { name: 'Jump to my wins' })).not.toBeInTheDocument();
    expect(controls.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(controls.getByTestId('replay-time')).toHaveTextContent('0:20 / 1:40');
    await expectNoAxeViolations();

    await user.click(controls.getByRole('button', { name: 'Show controls' }));
    expect(controls.getByRole('slider', { name: 'Position in the show' })).toBeInTheDocument();
    expect(controls.getByRole('group', { name: 'Speed' })).toBeInTheDocument();
  });
});
