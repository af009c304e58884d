import { expect, test, type Page } from '@playwright/test';
import { hydratedNode } from '../support/hydration';
import { articles } from '../support/serverRendering';

/**
 * The heading font (Montserrat, font-display: optional) on served pages: a browser that does not
 * have it yet gets a first page that never asks for it before its first paint (web-server's
 * assemblePage.ts, docs/performance.md), fetches it after that paint, and has it on the next pages
 * from their first paint. No page shifts on the way.
 */
const LOGO = 'header a[aria-label$="ホーム"]';

/** The fonts Chrome drew the header's logo with (its own account, over CDP). */
async function logoFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: LOGO });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

/** When the page painted first, and when its request for the heading font started (null: none). */
const timings = (page: Page) =>
  page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    fontRequested:
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
        /montserrat[^/]*\.woff2$/.test(entry.name),
      )?.startTime ?? null,
    fontsAttribute: document.documentElement.dataset.fonts ?? null,
  }));

test('a first page fetches the heading font after its first paint, the next pages use it from theirs, nothing shifts', async ({
  browser,
  request,
}) => {
  const [article] = await articles(request);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  const shifts = () => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);

  // A first view: no preload in the head, the headings do not ask for the font.
  const first = await page.goto(`/articles/${article!.slug}`);
  expect(first!.headers()['x-render']).toMatch(/^server/);
  expect(await page.locator('head link[as="font"]').count()).toBe(0);
  await hydratedNode(page, '#root h1');
  await expect
    .poll(async () => (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`))
    .toContain('fonts=montserrat');
  const firstView = await timings(page);
  expect(firstView.fontsAttribute).toBe('later');
  expect(firstView.painted).not.toBeNull();
  expect(firstView.fontRequested).not.toBeNull();
  expect(firstView.fontRequested!).toBeGreaterThan(firstView.painted!);
  expect(await logoFonts(page)).not.toContain('Montserrat');
  expect(await shifts()).toEqual([]);

  // The next pages (full loads): preloaded from the cache, drawn with it from the first paint.
  for (const route of ['/', '/articles', `/articles/${article!.slug}`]) {
    await page.goto(route);
    await hydratedNode(page, '#root h1');
    await page.evaluate(() => document.fonts.ready);
    expect((await timings(page)).fontsAttribute, route).toBeNull();
    expect(await page.locator('head link[rel="preload"][as="font"]').count(), route).toBe(1);
    expect(await logoFonts(page), route).toContain('Montserrat');
    expect(await shifts(), route).toEqual([]);
  }
  await context.close();
});
