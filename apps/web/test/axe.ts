import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core's serious and critical WCAG 2.2 AA violations in a rendered component, one line each
 * (rule, count, first targets), so a failing test names what to mend. happy-dom lays nothing out
 * and paints nothing, so the rules that need a layout or colours (contrast, target size, scrolling
 * regions) are left to the browser journeys' sweeps (e2e/support/axe.ts); every other rule (names,
 * roles, labels, landmarks, ARIA) is checked here.
 */
export async function axeViolations(
  container: Element = document.body,
  { also = [] as string[] } = {},
): Promise<string[]> {
  const run = () =>
    axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: {
        // Rules axe keeps off by default (its experimental ones), asked for by name.
        ...Object.fromEntries(also.map((rule) => [rule, { enabled: true }])),
        'color-contrast': { enabled: false },
        'link-in-text-block': { enabled: false },
        'target-size': { enabled: false },
        'scrollable-region-focusable': { enabled: false },
      },
    });
  const { violations } = also.length > 0 ? await withTextCanvas(run) : await run();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 4);
      return `${violation.id} x${violation.nodes.length} (${targets.join(', ')})`;
    });
}

/**
 * happy-dom has no 2D canvas, and axe reads the visible text of a name through one (to leave out
 * icon-font ligatures): the rule then only says it could not tell. While `run` runs, a canvas
 * draws every character as a solid 10 px block, so no text reads as an icon and the rule decides.
 */
async function withTextCanvas<T>(run: () => Promise<T>): Promise<T> {
  const original = HTMLCanvasElement.prototype.getContext;
  const context = (canvas: HTMLCanvasElement) => ({
    canvas,
    measureText: (text: string) => ({ width: 10 * text.length }),
    getImageData: (_x: number, _y: number, width: number, height: number) => ({
      data: new Uint8ClampedArray(Math.max(1, Math.ceil(width) * Math.ceil(height)) * 4).fill(255),
    }),
    fillText: () => {},
    clearRect: () => {},
  });
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
    return context(this);
  } as unknown as typeof original;
  try {
    return await run();
  } finally {
    HTMLCanvasElement.prototype.getContext = original;
  }
}

/**
 * The rendered screen has no serious or critical axe violation; `also` turns on rules axe keeps
 * off by default, such as 'label-content-name-mismatch' (a name that leaves out visible words).
 */
export async function expectNoAxeViolations(
  container: Element = document.body,
  options: { also?: string[] } = {},
): Promise<void> {
  expect(await axeViolations(container, options)).toEqual([]);
}
