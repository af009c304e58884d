// Layout shifts as the browser reports them (the Layout Instability API), for the tests that hold a
// page to no shift at all.
import type { Page } from '@playwright/test';

/**
 * Every layout shift of the pages `target` opens, in `window.__shifts`: its score and what moved
 * (the node, where it was, where it went), so a failure names the element, not only a number.
 */
export const recordShifts = (target: Pick<Page, 'addInitScript'>) =>
  target.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const rect = ({ x, y, width, height }: DOMRectReadOnly) => [x, y, width, height].map(Math.round).join(',');
    const describe = (node: Node | null | undefined) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].join('.')} "${(node.textContent ?? '').trim().slice(0, 40)}"`
        : (node?.nodeName ?? 'a removed node');
    const shifts: Array<{ value: number; moved: string[] }> = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: Source[] })[])
        shifts.push({
          value: entry.value,
          moved: (entry.sources ?? []).map(
            (source) => `${describe(source.node)}: ${rect(source.previousRect)} -> ${rect(source.currentRect)}`,
          ),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The shifts `recordShifts` has seen on the page so far. */
export const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts);
