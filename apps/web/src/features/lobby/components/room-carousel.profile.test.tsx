import { roomSchema, type Room } from '@ruthless/protocol';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomCarousel } from './room-carousel';

// Moved from e2e/player-small-things.spec.ts (issue 39): on a laptop the lobby's rooms follow a
// mouse drag, and the click that ends the drag selects nothing.

const SLIDE_PX = 300;
const VIEW_PX = 1280;

const rooms: Room[] = ['Ruby Rush', 'Emerald Isle', 'Gold Rush'].map((name, index) =>
  roomSchema.parse({
    roomUuid: `0000000${index}-1111-4222-8333-444444444444`,
    name,
    roomImage: `/rooms/${index}.svg`,
    theme: 'GREEN',
    serverTime: '2026-11-20T18:30:00.000Z',
    games: [],
  }),
);

/** The lobby holds the selected room; the carousel follows it. */
function Lobby() {
  const [selected, setSelected] = useState(0);
  return <RoomCarousel rooms={rooms} selectedIndex={selected} onSelect={setSelected} />;
}

const isSlide = (element: HTMLElement) => element.getAttribute('aria-roledescription') === 'slide';
const slideIndex = (element: HTMLElement) => [...(element.parentElement?.children ?? [])].indexOf(element);

/**
 * happy-dom lays nothing out: embla measures the viewport and the slides by their offsets, so
 * give the slides a laptop's sizes (300 px each, side by side, in a 1280 px viewport).
 */
const layout: Record<string, (this: HTMLElement) => unknown> = {
  offsetWidth() {
    return isSlide(this) ? SLIDE_PX : VIEW_PX;
  },
  offsetHeight() {
    return 200;
  },
  offsetLeft() {
    return isSlide(this) ? slideIndex(this) * SLIDE_PX : 0;
  },
  offsetTop() {
    return 0;
  },
  offsetParent() {
    return this.parentElement;
  },
};
const saved = new Map<string, PropertyDescriptor | undefined>();

describe('the lobby rooms on a laptop', { timeout: 30_000 }, () => {
  beforeAll(() => {
    for (const [name, get] of Object.entries(layout)) {
      saved.set(name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
    }
  });
  afterAll(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  });

  it('follow a mouse drag, and the click that ends it selects nothing', async () => {
    const user = userEvent.setup();
    render(<Lobby />);
    const region = screen.getByRole('region', { name: 'Rooms' });
    const current = () => region.querySelector('[aria-roledescription="slide"][aria-current="true"]');
    expect(current()).toHaveAttribute('aria-label', '1 of 3: Ruby Rush');

    // Pressed on the first room's card, dragged 200 px left in steps, let go over it.
    const card = screen.getByRole('button', { name: /^Ruby Rush / });
    const y = 100;
    await user.pointer([
      { keys: '[MouseLeft>]', target: card, coords: { clientX: 640, clientY: y } },
      ...Array.from({ length: 20 }, (_, step) => ({
        target: card,
        coords: { clientX: 640 - (step + 1) * 10, clientY: y },
      })),
      { keys: '[/MouseLeft]', target: card, coords: { clientX: 440, clientY: y } },
    ]);
    expect(current()).toHaveAttribute('aria-label', '2 of 3: Emerald Isle');
    expect(screen.getByRole('button', { name: /^Emerald Isle / })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('tab', { name: 'Emerald Isle' })).toHaveAttribute('aria-selected', 'true');

    // A plain click on a card (no drag) still selects it.
    await user.click(screen.getByRole('button', { name: /^Gold Rush / }));
    expect(current()).toHaveAttribute('aria-label', '3 of 3: Gold Rush');
  });
});
