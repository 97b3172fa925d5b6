import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@test/axe';
import { ShareStealSlider, type Choice } from './share-steal-slider';

// axe and lazy parts on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

// The final's slider as a finalist uses it on a phone (shell.spec's whole show, issue 13): by
// keys, mouse and finger in turn, the last choice being the one reported.

function Harness({ onChange }: { onChange: (choice: Choice) => void }) {
  const [value, setValue] = useState<Choice | null>(null);
  return (
    <ShareStealSlider
      value={value}
      onChange={(choice) => {
        onChange(choice);
        setValue(choice);
      }}
    />
  );
}

describe('ShareStealSlider, by keys, mouse and finger', () => {
  it('follows each in turn and reports the last choice', async () => {
    const onChange = vi.fn<(choice: Choice) => void>();
    const user = userEvent.setup();
    const { container } = render(<Harness onChange={onChange} />);
    const slider = screen.getByRole('slider', { name: 'Share or steal' });
    // happy-dom lays nothing out: a 200 px track from x = 100 (its middle at 200).
    slider.getBoundingClientRect = () => new DOMRect(100, 0, 200, 48);
    expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
    await expectNoAxeViolations(container);

    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', 'steal');

    await user.pointer([
      { keys: '[MouseLeft>]', target: slider, coords: { clientX: 290 } },
      { target: slider, coords: { clientX: 110 } },
      { keys: '[/MouseLeft]', target: slider, coords: { clientX: 110 } },
    ]);
    expect(slider).toHaveAttribute('aria-valuetext', 'share');

    await user.pointer([
      { keys: '[TouchA>]', target: slider, coords: { clientX: 110 } },
      { pointerName: 'TouchA', target: slider, coords: { clientX: 290 } },
      { keys: '[/TouchA]', target: slider, coords: { clientX: 290 } },
    ]);
    expect(slider).toHaveAttribute('aria-valuetext', 'steal');
    expect(onChange.mock.calls).toEqual([['steal'], ['share'], ['steal']]);
  });
});
