import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { layoutProblems } from './layout';

/**
 * A screen checked as it stands (issue 13) at the phone, tablet and desktop widths of spec §9:
 * axe's WCAG 2.1 A/AA rules and the layout, with a screenshot of each in the test's output
 * folder (test-results, not committed).
 */

/** Phone, the `sm` breakpoint where the side menu appears, and desktop. */
export const WIDTHS = [390, 1024, 1440] as const;
const HEIGHT = 900;

/** What settling waits for in the page (e2e code is type-checked without the DOM library). */
interface BrowserGlobals {
  requestAnimationFrame(callback: () => void): void;
  scrollTo(x: number, y: number): void;
  document: {
    getAnimations(): {
      effect: { getTiming(): { iterations?: number } } | null;
      finished: Promise<unknown>;
    }[];
  };
}

/**
 * Nothing is loading (Mantine's loaders and skeletons gone), two frames have been painted and
 * every finite transition has ended: the page is what a person sees after a render or a resize,
 * not a drawer halfway out.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
  await page.evaluate(async () => {
    const browser = globalThis as unknown as BrowserGlobals;
    const frame = () => new Promise<void>((resolve) => browser.requestAnimationFrame(resolve));
    await frame();
    await frame();
    const running = browser.document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    // A transition cancelled by the next one (a resize restarting it) rejects `finished`.
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Checks the screen on the page at every width: no serious or critical axe violation and no
 * layout problem (see `layoutProblems`; at 1440 px no table scrolls sideways either). Failures
 * are soft, so one run lists every finding of every width.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await test.step(`${name} at ${width} px`, async () => {
      await page.setViewportSize({ width, height: HEIGHT });
      // From the top, as the screen opens: the full-page screenshot and the overlap check see
      // the fixed app header where it belongs, not over content scrolled under it.
      await page.evaluate(() => (globalThis as unknown as BrowserGlobals).scrollTo(0, 0));
      await settled(page);
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}.png`),
        fullPage: true,
      });
      expect.soft(await seriousViolations(page), `axe: ${name} at ${width} px`).toEqual([]);
      expect
        .soft(
          await layoutProblems(page, { scrollers: width >= 1440 }),
          `layout: ${name} at ${width} px`,
        )
        .toEqual([]);
    });
  }
}

/**
 * An open dialog at a phone's and a desktop's width: its close button named, no serious or
 * critical axe finding, a screenshot of each. The layout check is left out: a modal covers the
 * screen under it by design.
 */
export async function checkDialog(page: Page, dialog: Locator, name: string, close: string) {
  for (const width of [390, 1440]) {
    await test.step(`${name} at ${width} px`, async () => {
      await page.setViewportSize({ width, height: HEIGHT });
      await expect(dialog).toBeVisible();
      await settled(page);
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
      await expect(dialog.getByRole('button', { name: close, exact: true })).toBeVisible();
      expect.soft(await seriousViolations(page), `axe: ${name} at ${width} px`).toEqual([]);
    });
  }
}
