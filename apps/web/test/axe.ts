import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core's serious and critical WCAG 2.2 AA violations in a rendered component, one line each
 * (rule, count, first targets), so a failing test names what to mend. happy-dom lays nothing out
 * and paints nothing, so the rules that need a layout or colours (contrast, target size, scrolling
 * regions) are left to the browser journeys' sweeps (e2e/support/axe.ts); every other rule (names,
 * roles, labels, landmarks, ARIA) is checked here.
 */
export async function axeViolations(container: Element = document.body): Promise<string[]> {
  const { violations } = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: {
      'color-contrast': { enabled: false },
      'link-in-text-block': { enabled: false },
      'target-size': { enabled: false },
      'scrollable-region-focusable': { enabled: false },
    },
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 4);
      return `${violation.id} x${violation.nodes.length} (${targets.join(', ')})`;
    });
}

/** The rendered screen has no serious or critical axe violation. */
export async function expectNoAxeViolations(container: Element = document.body): Promise<void> {
  expect(await axeViolations(container)).toEqual([]);
}
