import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Accessibility and layout checks of a screen as it stands (issue 13): axe's WCAG 2.1 A/AA rules
 * and the horizontal overflow, at the phone, tablet and desktop widths of spec §9, with a
 * screenshot of each in the test's output folder (test-results, not committed).
 */

/** The page's DOM as far as these checks read it (e2e code is type-checked without the DOM library). */
interface Box {
  left: number;
  right: number;
  width: number;
  height: number;
}
interface PageElement {
  tagName: string;
  id: string;
  classList: Iterable<string>;
  parentElement: PageElement | null;
  scrollWidth: number;
  clientWidth: number;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Box;
  checkVisibility(options: { visibilityProperty: boolean; opacityProperty: boolean }): boolean;
}
interface BrowserGlobals {
  document: {
    documentElement: PageElement;
    getAnimations(): {
      effect: { getTiming(): { iterations?: number } } | null;
      finished: Promise<unknown>;
    }[];
    body: PageElement & { querySelectorAll(selector: string): Iterable<PageElement> };
  };
  getComputedStyle(element: PageElement): { overflowX: string };
  requestAnimationFrame(callback: () => void): void;
}

/** Phone, the `sm` breakpoint where the side menu appears, and desktop. */
export const WIDTHS = [390, 1024, 1440] as const;
const HEIGHT = 900;

/** Violations of these impacts fail a screen; minor and moderate ones are left to review. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** The serious and critical axe violations on the page, one line per rule with its targets. */
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

/**
 * Elements whose box reaches past either side of the viewport, unless an element between them
 * and the body clips or scrolls them (a table's scroll container: that one is checked itself),
 * and, with `scrollers`, the containers that scroll sideways at all (at desktop width every
 * table must fit). Each offender as a short CSS-like path with its edges.
 */
export async function horizontalOverflow(
  page: Page,
  { scrollers = false }: { scrollers?: boolean } = {},
): Promise<string[]> {
  return page.evaluate((scrollers) => {
    const view = globalThis as unknown as BrowserGlobals;
    const doc = view.document;
    const width = doc.documentElement.clientWidth;
    const describe = (element: PageElement) => {
      const path: string[] = [];
      for (let at: PageElement | null = element; at && at !== doc.body; at = at.parentElement) {
        const label = at.getAttribute('aria-label') ?? at.id;
        const classes = [...at.classList].filter((name) => name.startsWith('mantine-')).join('.');
        path.unshift(`${at.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`);
        if (label) {
          path[0] += `[${label}]`;
          break;
        }
      }
      return path.slice(-4).join(' > ');
    };
    const overflowX = (element: PageElement) => view.getComputedStyle(element).overflowX;
    const clips = (element: PageElement) => overflowX(element) !== 'visible';
    const scrolls = (element: PageElement) => ['auto', 'scroll'].includes(overflowX(element));
    const clippedByAncestor = (element: PageElement) => {
      for (let at = element.parentElement; at && at !== doc.body; at = at.parentElement) {
        if (clips(at)) return true;
      }
      return false;
    };
    const offenders: string[] = [];
    if (doc.documentElement.scrollWidth > width) {
      offenders.push(
        `the page scrolls sideways: ${doc.documentElement.scrollWidth}px > ${width}px`,
      );
    }
    for (const element of doc.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const past = box.left < -1 || box.right > width + 1;
      if (past && !clippedByAncestor(element)) {
        offenders.push(`${describe(element)}: ${Math.round(box.left)}–${Math.round(box.right)}px`);
      }
      if (scrollers && scrolls(element) && element.scrollWidth > element.clientWidth + 1) {
        offenders.push(
          `${describe(element)} scrolls sideways: ${element.scrollWidth}px in ${element.clientWidth}px`,
        );
      }
    }
    return offenders;
  }, scrollers);
}

/**
 * Two animation frames, then every finite transition and animation finished: the layout of a
 * resize or a render is the one a person sees (not a drawer halfway out).
 */
async function framesPainted(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const browser = globalThis as unknown as BrowserGlobals;
    const frame = () => new Promise<void>((resolve) => browser.requestAnimationFrame(resolve));
    await frame();
    await frame();
    const running = browser.document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(running.map((animation) => animation.finished));
  });
}

/** Nothing on the page is still loading (Mantine's loaders and skeletons gone). */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
  await framesPainted(page);
}

/**
 * Checks the screen on the page at every width: no serious or critical axe violation, nothing
 * past the viewport's sides, and at 1440 px no table scrolling sideways. Failures are soft, so
 * one run lists every finding of every width; the screenshots land beside the test's output.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await test.step(`${name} at ${width} px`, async () => {
      await page.setViewportSize({ width, height: HEIGHT });
      await settled(page);
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}.png`),
        fullPage: true,
      });
      expect.soft(await seriousViolations(page), `axe: ${name} at ${width} px`).toEqual([]);
      expect
        .soft(
          await horizontalOverflow(page, { scrollers: width >= 1440 }),
          `overflow: ${name} at ${width} px`,
        )
        .toEqual([]);
    });
  }
}
