import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Renders what `content-visibility: auto` skips while it is off screen (the article cards far down
 * a page), as a visitor who scrolls to it gets it, and waits for that frame. axe measures colours
 * from what is rendered: skipped cards gave it false contrast failures (axe-core issue #2768), seen
 * once on the home page's three latest cards in the dark theme. Through the CSSOM, which the page's
 * CSP allows (it refuses style attributes and unsigned style elements).
 */
export async function renderSkippedContent(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Fails on any serious or critical axe-core violation of the current page. */
export async function expectNoSeriousA11yIssues(page: Page): Promise<void> {
  await renderSkippedContent(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, `accessibility issues on ${page.url()}`).toEqual([]);
}

/**
 * Waits until no animation or transition runs (one in its delay counts as running): axe measures
 * colours as they are painted, and an entrance caught half-way is a contrast it never has.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}
