import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical WCAG 2.2 AA violations on the page as it is now, one line each
 * (`screen`: rule, count, the first targets), so a failing test names what to mend. Waits first
 * for entrances (fades, slides) to play out: a colour read mid-fade is not the screen's.
 */
export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  return seriousViolationsNow(page, screen);
}

/** The axe rules that read colours: all a background theme can change (a11y.spec.ts). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The same, without waiting: for a screen already settled and checked again (e.g. in another
 * theme, with `rules` = COLOUR_RULES: a full axe run costs seconds on this machine).
 */
export async function seriousViolationsNow(page: Page, screen: string, rules?: string[]): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (
    rules ? axe.withRules(rules) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
  ).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 4);
      return `${screen}: ${violation.id} x${violation.nodes.length} (${targets.join(', ')})`;
    });
}
