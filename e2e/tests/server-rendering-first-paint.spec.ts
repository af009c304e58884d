import { expect, test, type Page } from '@playwright/test';
import { hydratedNode } from '../support/hydration';
import { recordShifts, shiftsOf } from '../support/layoutShifts';
import { articles } from '../support/serverRendering';

/**
 * What a served page leaves until after its first paint (docs/server-rendering.md, "Nothing before
 * the first paint that it does not need"), and that the visitor loses nothing by it. The heading
 * font (Montserrat, font-display: optional): a browser that does not have it yet gets a first page
 * that never asks for it before its first paint (web-server's assemblePage.ts), fetches it after
 * that paint, and has it on the next pages from their first paint. The card images: started after
 * the first paint, then shown. No page shifts on the way.
 */
const LOGO = 'header a[aria-label$="ホーム"]';

/**
 * Whether Chrome drew the header's logo with the web font (its own account, over CDP; the file
 * names its family "Montserrat Thin", the variable font it was cut from).
 */
async function logoInMontserrat(page: Page): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: LOGO });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.some((font) => font.isCustomFont && /^Montserrat\b/.test(font.familyName));
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
  await recordShifts(context);
  const page = await context.newPage();

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
  expect(await logoInMontserrat(page)).toBe(false);
  expect(await shiftsOf(page)).toEqual([]);

  // The next pages (full loads): preloaded from the cache, drawn with it from the first paint.
  for (const route of ['/', '/articles', `/articles/${article!.slug}`]) {
    await page.goto(route);
    await hydratedNode(page, '#root h1');
    await page.evaluate(() => document.fonts.ready);
    expect((await timings(page)).fontsAttribute, route).toBeNull();
    expect(await page.locator('head link[rel="preload"][as="font"]').count(), route).toBe(1);
    expect(await logoInMontserrat(page), route).toBe(true);
    expect(await shiftsOf(page), route).toEqual([]);
  }
  await context.close();
});

test('a first page starts its card images only after its first paint, then shows them without a shift', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // Every picture loads (a 1×1 PNG for any host), so that a shown image is a loaded one.
  const PIXEL = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.route(/^https:\/\/(images\.unsplash\.com|i\.ytimg\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
  await recordShifts(page);
  await page.goto('/articles');
  await hydratedNode(page, '#root h1');
  const firstCardImage = page.locator('main article img').first();
  await expect.poll(() => firstCardImage.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);
  const seen = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    images: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'img')
      .map((entry) => entry.startTime),
  }));
  expect(seen.painted).not.toBeNull();
  expect(seen.images.length).toBeGreaterThan(0);
  expect(seen.images.filter((startTime) => startTime < seen.painted!)).toEqual([]);
  expect(await shiftsOf(page)).toEqual([]);
  await context.close();
});
