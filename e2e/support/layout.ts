import type { Page } from '@playwright/test';

/** The page's DOM as far as these checks read it (e2e code is type-checked without the DOM library). */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
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
  contains(other: PageElement): boolean;
  querySelectorAll(selector: string): Iterable<PageElement>;
  querySelector(selector: string): PageElement | null;
}
interface BrowserGlobals {
  document: { documentElement: PageElement; body: PageElement };
  getComputedStyle(element: PageElement): { overflowX: string };
}

/** What a person can press or type in. */
const CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [role="tab"]';
/** What must show its whole text: badges (a status, the balance in the app header), buttons. */
const WHOLE = '.mantine-Badge-root, .mantine-Button-root';

/**
 * What is wrong with the page's layout at the current width, each as a short CSS-like path:
 * - elements reaching past either side of the viewport, unless they scroll inside an element
 *   (a table's scroll container, itself checked);
 * - with `scrollers`, containers that scroll sideways at all (at desktop width tables fit);
 * - controls lying over one another (a page's header actions, the balance in the app header),
 *   at the top of the page: scrolled, content passes under the fixed app header by design;
 * - badges and buttons whose text is cut off (the balance as "$2…", a status as "CRE…").
 */
export async function layoutProblems(
  page: Page,
  { scrollers = false }: { scrollers?: boolean } = {},
): Promise<string[]> {
  return page.evaluate(
    ({ scrollers, controlsSelector, wholeSelector }) => {
      const view = globalThis as unknown as BrowserGlobals;
      const doc = view.document;
      const width = doc.documentElement.clientWidth;
      const describe = (element: PageElement) => {
        const path: string[] = [];
        for (let at: PageElement | null = element; at && at !== doc.body; at = at.parentElement) {
          const label = at.getAttribute('aria-label') ?? at.id;
          const classes = [...at.classList].filter((name) => name.startsWith('mantine-'));
          path.unshift([at.tagName.toLowerCase(), ...classes].join('.'));
          if (label) {
            path[0] += `[${label}]`;
            break;
          }
        }
        return path.slice(-4).join(' > ');
      };
      const shown = (element: PageElement) => {
        const box = element.getBoundingClientRect();
        // 1 px boxes are Mantine's VisuallyHidden: read aloud, never seen.
        return (
          box.width > 1 &&
          box.height > 1 &&
          element.checkVisibility({ visibilityProperty: true, opacityProperty: true })
        );
      };
      const overflowX = (element: PageElement) => view.getComputedStyle(element).overflowX;
      // Past the edge is fine inside something that scrolls (a wide table on a phone); anywhere
      // else it is cut off, by the window or by an ancestor that hides it.
      const insideScroller = (element: PageElement) => {
        for (let at = element.parentElement; at && at !== doc.body; at = at.parentElement) {
          if (['auto', 'scroll'].includes(overflowX(at))) return true;
        }
        return false;
      };
      const problems: string[] = [];

      if (doc.documentElement.scrollWidth > width) {
        problems.push(
          `the page scrolls sideways: ${doc.documentElement.scrollWidth}px > ${width}px`,
        );
      }
      for (const element of doc.body.querySelectorAll('*')) {
        if (!shown(element)) continue;
        const box = element.getBoundingClientRect();
        if ((box.left < -1 || box.right > width + 1) && !insideScroller(element)) {
          problems.push(`${describe(element)}: ${Math.round(box.left)}–${Math.round(box.right)}px`);
        }
        const scrolls = ['auto', 'scroll'].includes(overflowX(element));
        if (scrollers && scrolls && element.scrollWidth > element.clientWidth + 1) {
          problems.push(
            `${describe(element)} scrolls sideways: ${element.scrollWidth}px in ${element.clientWidth}px`,
          );
        }
      }

      // Behind an open modal dialog the page is inert under its overlay: only the dialog's own
      // controls are in reach, so only they can be in each other's way.
      const modal = doc.body.querySelector('[role="dialog"][aria-modal="true"]') ?? doc.body;
      const controls = [...modal.querySelectorAll(controlsSelector)].filter(shown);
      controls.forEach((one, index) => {
        const a = one.getBoundingClientRect();
        for (const other of controls.slice(index + 1)) {
          if (one.contains(other) || other.contains(one)) continue;
          const b = other.getBoundingClientRect();
          // A control drawn inside another (the eye button of a password field) is by design.
          const inside = (outer: Box, inner: Box) =>
            inner.left >= outer.left &&
            inner.right <= outer.right &&
            inner.top >= outer.top &&
            inner.bottom <= outer.bottom;
          if (inside(a, b) || inside(b, a)) continue;
          const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (across > 1 && down > 1) problems.push(`${describe(one)} overlaps ${describe(other)}`);
        }
      });

      for (const whole of doc.body.querySelectorAll(wholeSelector)) {
        for (const part of [whole, ...whole.querySelectorAll('*')]) {
          const cut = overflowX(part) !== 'visible' && part.scrollWidth > part.clientWidth + 1;
          if (cut && shown(part)) {
            problems.push(
              `${describe(part)} is cut: ${part.scrollWidth}px in ${part.clientWidth}px`,
            );
          }
        }
      }
      return problems;
    },
    { scrollers, controlsSelector: CONTROLS, wholeSelector: WHOLE },
  );
}
