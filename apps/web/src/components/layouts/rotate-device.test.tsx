import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@test/axe';
import { RotateDevice } from './rotate-device';

// Its words and its roles; when it shows (a phone held sideways, a CSS media query) is the browser
// journey's (e2e/a11y.spec.ts).
describe('RotateDevice', () => {
  it('asks the player to turn the phone upright', async () => {
    const { container } = render(<RotateDevice />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Rotate your device');
    expect(alert).toHaveTextContent(
      'The show is made for portrait. Turn your phone upright to keep playing.',
    );
    expect(screen.getByRole('img', { name: 'Ruthless' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
