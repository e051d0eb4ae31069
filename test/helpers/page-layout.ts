import type { Locator, Page } from 'playwright-core';

/**
 * The browser APIs the page callbacks below use. The tests compile without the DOM lib, which would
 * change the types of Node's own fetch and Headers for the whole project; the callbacks run in Chromium.
 */
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}
interface LayoutElement {
  tagName: string;
  scrollHeight: number;
  clientHeight: number;
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
  parentElement: LayoutElement | null;
  getBoundingClientRect(): Box;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<LayoutElement>;
}
interface LayoutGlobals {
  document: {
    scrollingElement: LayoutElement | null;
    querySelector(selector: string): LayoutElement | null;
    querySelectorAll(selector: string): ArrayLike<LayoutElement>;
    createRange(): { selectNodeContents(node: LayoutElement): void; getClientRects(): ArrayLike<Box> };
  };
  innerWidth: number;
  getComputedStyle(element: LayoutElement): { overflowX: string; visibility: string };
}

/**
 * A screenshot of the whole page. The admin scrolls inside a container, not the document, so Playwright's
 * fullPage option would stop at the viewport: the viewport grows to the content for the shot instead.
 */
export async function screenshotWholePage(tab: Page, file: string) {
  const viewport = tab.viewportSize() ?? { width: 1440, height: 1000 };
  const overflow = await tab.evaluate(() => {
    const { document } = globalThis as unknown as LayoutGlobals;
    const divs = Array.from(document.querySelectorAll('div'));
    return Math.max(0, ...divs.map((element) => element.scrollHeight - element.clientHeight));
  });
  await tab.setViewportSize({ width: viewport.width, height: viewport.height + overflow });
  await tab.screenshot({ path: file });
  await tab.setViewportSize(viewport);
}

/** Strapi's own announcement banner is not part of the plugin's pages. */
export async function closeStrapiBanner(tab: Page) {
  const close = tab.getByRole('button', { name: /Close the banner/ });
  if (await close.count()) await close.click();
}

/** What a person uses or reads on a page: the elements that must not be cut off. */
const CONTROLS = 'button, a[href], input, textarea, select, [role="combobox"], [role="switch"], td, th, pre';

/**
 * What is cut off in the page's content (its `<main>`, the plugin's page; Strapi's menus are outside):
 * a horizontal scroll of the document; a box of the content that scrolls sideways (a table too wide for
 * its card, whose last columns are out of sight); a control or table cell whose box reaches past the
 * window's right edge or the content area, or past an ancestor that clips or scrolls it. Each problem is
 * a sentence naming the element; none is a page that fits.
 */
export async function cutOffProblems(tab: Page): Promise<string[]> {
  // No named function inside the callback: tsx would wrap it in a helper the page does not have.
  return tab.evaluate((controls) => {
    const globals = globalThis as unknown as LayoutGlobals;
    const { document } = globals;
    const root = document.scrollingElement;
    const documentProblems =
      root && root.scrollWidth > root.clientWidth
        ? [`the document scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth} px`]
        : [];
    const main = document.querySelector('main');
    if (!main) return ['no <main> on the page'];
    /** Each problem: the element, what is wrong, and the element that cuts it off. */
    const found: [LayoutElement, string, LayoutElement?][] = [];
    const area = main.getBoundingClientRect();
    const right = Math.min(globals.innerWidth, area.right);
    for (const element of Array.from(main.querySelectorAll('*'))) {
      const { overflowX } = globals.getComputedStyle(element);
      const scrolls = overflowX === 'auto' || overflowX === 'scroll';
      // A form control scrolls its own text (a long URL in a read-only field): that is no cut-off.
      const formControl = /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName);
      if (scrolls && !formControl && element.scrollWidth > element.clientWidth + 1)
        found.push([
          element,
          `scrolls sideways: ${element.scrollWidth} px of content in ${element.clientWidth} px`,
        ]);
    }
    for (const element of Array.from(main.querySelectorAll(controls))) {
      const box = element.getBoundingClientRect();
      // Not drawn, or drawn for screen readers only (the design system's visually hidden text is 1 px).
      if (box.width <= 1 || box.height <= 1 || globals.getComputedStyle(element).visibility === 'hidden')
        continue;
      if (box.right > right + 0.5 || box.left < area.left - 0.5) {
        found.push([
          element,
          `reaches past the content area: ${Math.round(box.left)}..${Math.round(box.right)} px, the area ${Math.round(area.left)}..${Math.round(right)} px`,
        ]);
        continue;
      }
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (globals.getComputedStyle(parent).overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (box.right > clip.right + 0.5 || box.left < clip.left - 0.5) {
          found.push([
            element,
            `is cut off: ${Math.round(box.left)}..${Math.round(box.right)} px, shown ${Math.round(clip.left)}..${Math.round(clip.right)} px by`,
            parent,
          ]);
          break;
        }
        if (parent === main) break;
      }
    }
    return [
      ...documentProblems,
      ...found.map(([element, problem, by]) =>
        [element, by]
          .map((named) => {
            if (!named) return '';
            const id = named.getAttribute('data-testid') ?? named.getAttribute('aria-label');
            const text = (named.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
            return `<${named.tagName.toLowerCase()}${id ? ` ${id}` : ''}> "${text}"`;
          })
          .join(` ${problem} `)
          .trim()
      ),
    ];
  }, CONTROLS);
}

/** How many lines an element's text takes, as drawn (one box per line of text). */
export async function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = (globalThis as unknown as LayoutGlobals).document.createRange();
    range.selectNodeContents(node as unknown as LayoutElement);
    const tops = Array.from(range.getClientRects())
      .filter((line) => line.width > 0)
      .map((line) => Math.round(line.top));
    return new Set(tops).size;
  });
}

/**
 * Whether the element is wholly inside the window and is what a click at its centre reaches (nothing
 * covers or clips it); else what is wrong.
 */
export async function notFullyVisible(tab: Page, element: Locator): Promise<string | null> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  const viewport = tab.viewportSize();
  if (!box || !viewport) return 'not drawn';
  const inside =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  if (!inside) return `outside the ${viewport.width}x${viewport.height} window: ${JSON.stringify(box)}`;
  // Playwright scrolls a table sideways to bring a button into view: a person would not find it there.
  const scrolledSideways = await element.evaluate((node) => {
    type Scrolled = { scrollLeft: number; parentElement: Scrolled | null };
    let scrolled = 0;
    for (let at = node as unknown as Scrolled | null; at; at = at.parentElement) scrolled += at.scrollLeft;
    return scrolled;
  });
  if (scrolledSideways > 0) return `in view only once its table is scrolled ${scrolledSideways} px sideways`;
  const reached = await element.evaluate(
    (node, point) => {
      const { document } = globalThis as unknown as {
        document: { elementFromPoint(x: number, y: number): unknown };
      };
      const hit = document.elementFromPoint(point.x, point.y) as { parentElement: unknown } | null;
      for (let at: { parentElement: unknown } | null = hit; at; at = at.parentElement as typeof at)
        if (at === node) return true;
      return false;
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  );
  return reached ? null : `covered at its centre: ${JSON.stringify(box)}`;
}
