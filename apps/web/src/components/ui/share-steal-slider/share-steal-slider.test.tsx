import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ShareStealSlider, type Choice } from './share-steal-slider';

/** The slider as a form holds it: the choice reported is the choice shown. */
function Harness({
  initial = null,
  onChange,
  disabled,
}: {
  initial?: Choice | null;
  onChange: (choice: Choice) => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState<Choice | null>(initial);
  return (
    <ShareStealSlider
      value={value}
      disabled={disabled}
      onChange={(choice) => {
        onChange(choice);
        setValue(choice);
      }}
    />
  );
}

/** happy-dom lays nothing out: give the track a 200 px box from x = 100 (its middle at 200). */
function layOutTrack(slider: HTMLElement) {
  slider.getBoundingClientRect = () => new DOMRect(100, 0, 200, 48);
}

function setup(props: { initial?: Choice | null; disabled?: boolean } = {}) {
  const onChange = vi.fn<(choice: Choice) => void>();
  const user = userEvent.setup();
  render(<Harness {...props} onChange={onChange} />);
  const slider = screen.getByRole('slider', { name: 'Share or steal' });
  layOutTrack(slider);
  return { user, slider, onChange };
}

/** Presses at `from`, drags to `to` and lets go (client x, px). */
async function drag(user: ReturnType<typeof userEvent.setup>, slider: HTMLElement, from: number, to: number) {
  await user.pointer([
    { keys: '[MouseLeft>]', target: slider, coords: { clientX: from } },
    { target: slider, coords: { clientX: to } },
    { keys: '[/MouseLeft]', target: slider, coords: { clientX: to } },
  ]);
}

describe('ShareStealSlider', () => {
  it('rests in the middle, not chosen, until the player chooses', () => {
    const { slider } = setup();
    expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Share' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Steal' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('chooses with the keyboard: left and Home share, right and End steal', async () => {
    const { user, slider, onChange } = setup();
    await user.tab();
    expect(slider).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', 'steal');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuetext', 'share');
    expect(slider).toHaveAttribute('aria-valuenow', '-1');
    await user.keyboard('{End}');
    await user.keyboard('{Home}');
    expect(onChange.mock.calls).toEqual([['steal'], ['share'], ['steal'], ['share']]);
  });

  it('reports a choice once: the key for the side already chosen says nothing', async () => {
    const { user, slider, onChange } = setup({ initial: 'share' });
    slider.focus();
    await user.keyboard('{ArrowLeft}{Home}{ArrowDown}');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{ArrowUp}');
    expect(onChange.mock.calls).toEqual([['steal']]);
  });

  it('chooses by dragging the thumb to either end', async () => {
    const { user, slider, onChange } = setup();
    await drag(user, slider, 200, 290);
    expect(slider).toHaveAttribute('aria-valuetext', 'steal');
    expect(screen.getByRole('button', { name: 'Steal' })).toHaveAttribute('aria-pressed', 'true');

    await drag(user, slider, 200, 110);
    expect(slider).toHaveAttribute('aria-valuetext', 'share');
    expect(onChange.mock.calls).toEqual([['steal'], ['share']]);
  });

  it('a drag let go short of the threshold chooses nothing and the thumb goes back', async () => {
    const { user, slider, onChange } = setup();
    // 20 px right of the middle: under 0.4 of the half-track.
    await drag(user, slider, 200, 220);
    expect(onChange).not.toHaveBeenCalled();
    expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
  });

  it('chooses by tapping the Share and Steal labels', async () => {
    const { user, slider, onChange } = setup();
    await user.click(screen.getByRole('button', { name: 'Steal' }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(onChange.mock.calls).toEqual([['steal'], ['share']]);
    expect(slider).toHaveAttribute('aria-valuetext', 'share');
  });

  it('does nothing when disabled: no focus, keys, drag or labels', async () => {
    const { user, slider, onChange } = setup({ disabled: true });
    expect(slider).toHaveAttribute('aria-disabled', 'true');
    await user.tab();
    expect(slider).not.toHaveFocus();
    slider.focus();
    await user.keyboard('{ArrowRight}{End}');
    await drag(user, slider, 200, 290);
    expect(screen.getByRole('button', { name: 'Steal' })).toBeDisabled();
    expect(onChange).not.toHaveBeenCalled();
    expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
  });
});
