import type { Page } from '@playwright/test';

/** hydrateRoot (or createRoot) has taken the page's #root. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });

/**
 * React owns the server node `selector` matches: its part of the page has hydrated (a page that
 * waits for code while hydrating — a lazy page, the sanitiser — does so after hydrateRoot).
 */
export const hydratedNode = (page: Page, selector: string) =>
  page.waitForFunction((css) => {
    const node = document.querySelector(css);
    return Boolean(node && Object.keys(node).some((key) => key.startsWith('__reactFiber')));
  }, selector);

/**
 * The page answers input: a served page is painted before its scripts start (README "Text first,
 * scripts after the first paint"), so a test that taps right after `goto` waits for this first —
 * the root taken over, then the main thread idle (hydration's slices and effects done).
 */
export async function interactive(page: Page): Promise<void> {
  await hydrated(page);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
}

/**
 * Holds `script` back (by default main.js, the shell's entry, which the page's inline starter
 * requests after the first paint and which starts all the others) until the returned function is
 * called: a slow phone's time between the first paint and hydration, made deterministic so that a
 * test can act in it.
 */
export async function holdScripts(page: Page, script = 'main.js'): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${script}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
