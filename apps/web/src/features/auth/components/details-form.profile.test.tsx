import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, serveApi } from '@test/app';
import { settingsOf } from '@test/profile';
import { DetailsForm } from './details-form';

// Moved from e2e/profile.spec.ts (issue 39): the details form's share/steal slider (the slider
// itself is share-steal-slider.test.tsx; the form's messages are the sign-up journey's helper's).

type User = ReturnType<typeof userEvent.setup>;

async function drag(user: User, slider: HTMLElement, pointer: 'MouseLeft' | 'TouchA', to: number) {
  await user.pointer([
    { keys: `[${pointer}>]`, target: slider, coords: { clientX: 200 } },
    { pointerName: pointer === 'TouchA' ? 'TouchA' : 'mouse', target: slider, coords: { clientX: to } },
    { keys: `[/${pointer}]`, target: slider, coords: { clientX: to } },
  ]);
}

describe("the details form's default choice", { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rests in the middle, then follows a finger, a mouse and the keys', async () => {
    serveApi({});
    const user = userEvent.setup();
    renderWithApp(
      <DetailsForm settings={settingsOf({ alias: null, phoneNumber: null, defaultChoice: null })} />,
    );
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    const slider = screen.getByRole('slider', { name: 'Default ruthless choice' });
    // happy-dom lays nothing out: a 200 px track from x = 100.
    slider.getBoundingClientRect = () => new DOMRect(100, 0, 200, 48);
    expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');

    await drag(user, slider, 'TouchA', 130);
    expect(slider).toHaveAttribute('aria-valuetext', 'share');
    await drag(user, slider, 'MouseLeft', 270);
    expect(slider).toHaveAttribute('aria-valuetext', 'steal');
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuetext', 'share');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuetext', 'steal');
  });
});
