import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';

// The component tests' axe sweep must be able to fail: a button with no name and an image with no
// text are what it exists to catch.
describe('axeViolations', () => {
  it('names the serious violations of a rendered component', async () => {
    render(
      <main>
        <h1>Lobby</h1>
        <button type="button" />
        <img src="/rooms/ruby-rush.svg" />
      </main>,
    );
    expect(await axeViolations()).toEqual(['button-name x1 (button)', 'image-alt x1 (img)']);
  });

  it('passes a screen whose controls are named', async () => {
    render(
      <main>
        <h1>Lobby</h1>
        <button type="button">Claim Ticket</button>
      </main>,
    );
    expect(await axeViolations()).toEqual([]);
  });
});
