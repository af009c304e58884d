import { expect, test } from '@playwright/test';
import { holdScripts, hydratedNode, interactive } from '../support/hydration';
import { articles, watchConsole } from '../support/serverRendering';

/**
 * A server-rendered page before it hydrates: painted before any script is requested, and what a
 * visitor does meanwhile (scrolling, typing, tapping) is kept and acted on once it has.
 */
test.describe('in the browser, before the page hydrates', () => {
  test('a served page is painted before any of its scripts is requested, then hydrates', async ({ page, request }) => {
    const [article] = await articles(request);
    for (const route of ['/', '/articles', `/articles/${article!.slug}`]) {
      await page.goto(route);
      await hydratedNode(page, '#root h1');
      const { paintedAt, scripts } = await page.evaluate(() => ({
        paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.initiatorType === 'script' || entry.initiatorType === 'link')
          .filter((entry) => /\.js(\?|$)/.test(entry.name))
          .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
      }));
      expect(paintedAt, route).not.toBeNull();
      expect(scripts.length, route).toBeGreaterThan(3);
      // main.js, remoteEntry.js and every chunk: none of them started before the first paint (the
      // starter that requests them is in the page: no request for it at all).
      expect(
        scripts.map((entry) => new URL(entry.name).pathname),
        route,
      ).not.toContain('/after-paint.js');
      expect(
        scripts.filter((entry) => entry.startTime < paintedAt!),
        route,
      ).toEqual([]);
    }
  });

  test('a visitor who scrolls before the page hydrates keeps the place, and the page catches up', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const release = await holdScripts(page); // until the visitor has scrolled
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const place = await page.evaluate(() => window.scrollY);
    release();
    await interactive(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(place);
    // Hydrated scrolled: the header's scrolled look and the floating add-friend button (spec 9).
    await expect(page.locator('header[data-scrolled]')).toHaveAttribute('data-scrolled', 'true');
    await expect(page.getByTestId('floating-friend-button').getByRole('link', { name: '友だち追加' })).toBeVisible();
  });

  test('a card image that fails before the page hydrates leaves no broken-image icon', async ({ page }) => {
    // Every picture on another host fails (a dead link); the scripts wait until one has.
    await page.route(/^https:\/\/(?!apis\.google\.com)/, (route) => route.abort('addressunreachable'));
    const release = await holdScripts(page);
    const failed = new Promise<void>((resolve) =>
      page.on('requestfailed', (request) => request.resourceType() === 'image' && resolve()),
    );
    void failed.then(release);
    const broken = () =>
      page.$$eval(
        'main article img',
        (images) =>
          images.filter((image) => (image as HTMLImageElement).complete && !(image as HTMLImageElement).naturalWidth)
            .length,
      );
    await page.goto('/articles', { waitUntil: 'domcontentloaded' });
    await failed;
    await expect.poll(broken).toBeGreaterThan(0); // served as <img>, failed before any script ran
    await interactive(page);
    await expect.poll(broken).toBe(0);
    await expect(page.locator('main article').first()).toBeVisible();
  });

  test('what a visitor types into the search box before the page hydrates filters the list once it has', async ({
    page,
    request,
  }) => {
    const [article] = await articles(request);
    const word = article!.title.slice(0, 4);
    const release = await holdScripts(page); // until the visitor has typed
    await page.goto('/articles', { waitUntil: 'domcontentloaded' });
    const cards = page.locator('main article');
    const all = await cards.count();
    await page.getByRole('searchbox', { name: '記事を検索' }).fill(word);
    release();
    await interactive(page);
    await expect(page.getByRole('searchbox', { name: '記事を検索' })).toHaveValue(word);
    await expect.poll(() => cards.count()).toBeLessThan(all);
    await expect(cards.getByRole('heading', { name: article!.title })).toBeVisible();
    const filtered = await cards.count();

    // The same word typed into a page that has hydrated lists the same cards.
    await page.unrouteAll();
    await page.goto('/articles');
    await interactive(page);
    await page.getByRole('searchbox', { name: '記事を検索' }).fill(word);
    await expect.poll(() => cards.count()).toBe(filtered);
  });

  test('buttons tapped before the page hydrates act once it has: the theme toggle and the menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const problems = watchConsole(page);
    // The shell's entry script waits until the visitor has tapped (after-paint.js runs: it keeps the taps).
    const release = await holdScripts(page, 'main.js');
    await page.goto('/articles', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => Array.isArray(window.__earlyTaps)); // after-paint.js is listening
    await page.getByRole('button', { name: 'テーマを切り替える' }).click();
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light'); // nothing runs yet
    release();
    await interactive(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('dialog', { name: 'メニュー' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'メニューを閉じる' })).toHaveAttribute('aria-expanded', 'true');
    expect(problems).toEqual([]);
  });

  test("a phone's category dropdown tapped before the page hydrates opens once it has", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const problems = watchConsole(page);
    // As above: the shell's entry script waits until the visitor has tapped.
    const release = await holdScripts(page, 'main.js');
    await page.goto('/articles', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => Array.isArray(window.__earlyTaps)); // after-paint.js is listening
    const dropdown = page.getByRole('button', { name: /記事タグ/ });
    await dropdown.click();
    await expect(dropdown).toHaveAttribute('aria-expanded', 'false'); // nothing runs yet
    release();
    await interactive(page);
    // The replayed tap opened the dropdown that stays on the page (not one swapped out after hydrating).
    await expect(dropdown).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: '日常生活' }).click();
    await expect(dropdown).toHaveAttribute('aria-expanded', 'false');
    await expect(dropdown).toContainText('日常生活');
    for (const card of await page.getByRole('main').getByRole('article').all())
      await expect(card).toContainText('日常生活');
    expect(problems).toEqual([]);
  });
});
