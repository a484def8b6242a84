import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Violations of these impacts fail a screen; minor and moderate ones are left to review. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The serious and critical violations of axe's WCAG 2.1 A and AA rules on the page, one line
 * per rule with how many elements break it and their selectors.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    // Still "experimental" in axe, so off by default: a control's name holds its visible text.
    // Set before the tags: `options()` replaces what `withTags()` adds to them.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.help} → ` +
        violation.nodes.map((node) => node.target.join(' ')).join(' | '),
    );
}
