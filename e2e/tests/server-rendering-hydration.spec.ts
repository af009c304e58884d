import { expect, test } from '@playwright/test';
import { hydrated, hydratedNode } from '../support/hydration';
import { recordShifts, shiftsOf } from '../support/layoutShifts';
import { API } from '../support/reliabilityApi';
import { articles, plainText, PUBLIC_ROUTES, SHELL, watchConsole } from '../support/serverRendering';
import { paced } from '../support/pace';

/**
 * Server-rendered pages in the browser: readable without JavaScript, in the visitor's theme, and
 * hydrated without a console error, a second data fetch, a node rendered again or a layout shift.
 */
test.describe('in the browser', () => {
  test('with JavaScript disabled the article is there to read', async ({ browser, request }) => {
    const [article] = await articles(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/articles/${article!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: article!.title })).toBeVisible();
    await expect(page.locator('article').first()).toContainText(plainText(article!.content).slice(0, 30));
    await expect(page.getByRole('link', { name: '記事一覧に戻る' })).toBeVisible();
    await context.close();
  });

  test('a dark-mode visitor without JavaScript reads the page in the dark theme', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'theme', value: 'dark', url: SHELL }]);
    const page = await context.newPage();
    await page.goto('/articles');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(28, 28, 30)');
    await expect(page.locator('body')).toHaveCSS('color', 'rgb(245, 245, 247)');
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`every public page hydrates in the ${theme} theme without a console error or a second data fetch`, async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(paced(120_000));
      const [article] = await articles(request);
      await context.addCookies([{ name: 'theme', value: theme, url: SHELL }]);
      await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      const problems = watchConsole(page);
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(API)) apiCalls.push(r.url());
      });
      for (const route of [...PUBLIC_ROUTES, `/articles/${article!.slug}`, '/no-such-page']) {
        await page.goto(route);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        expect(await page.locator('html').getAttribute('data-theme'), route).toBe(theme);
        expect(await page.getByRole('main').innerText(), route).not.toContain('読み込み中');
      }
      expect(problems).toEqual([]);
      expect(apiCalls).toEqual([]);
    });
  }

  test('a first-time visitor (no cookie) gets the server nodes hydrated, not rendered again', async ({
    page,
    request,
  }) => {
    const [article] = await articles(request);
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const nodes = ['#root header', '#root main', '#root h1'].map((selector) => document.querySelector(selector));
        Object.assign(window, { __serverNodes: nodes });
      });
    });
    // The pages loaded on demand (and the article pages' sanitiser) arrive before hydrating, not
    // during it: their server nodes are hydrated like the home page's.
    for (const route of ['/', '/articles', `/articles/${article!.slug}`, '/about', '/contents']) {
      await page.goto(route);
      await hydratedNode(page, '#root h1');
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(() =>
        (window as unknown as { __serverNodes: (Element | null)[] }).__serverNodes.map((node) =>
          Boolean(node?.isConnected),
        ),
      );
      expect(kept, route).toEqual([true, true, true]);
    }
  });

  test('on a phone, the served page never shifts: hydration and the web fonts move nothing', async ({
    browser,
    request,
  }) => {
    const [article] = await articles(request);
    // Lighthouse's phone; the fonts' @font-face rules used to arrive with a script, after the first
    // paint, and Montserrat then widened an article title by a line (CLS 0.026 on every article).
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    await recordShifts(context);
    const page = await context.newPage();
    for (const route of ['/', '/articles', `/articles/${article!.slug}`]) {
      await page.goto(route);
      await hydratedNode(page, '#root h1');
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      expect(await shiftsOf(page), route).toEqual([]);
    }
    await context.close();
  });

  test('a cached page, compressed once, still carries a nonce of its own per response and runs under it', async ({
    page,
    request,
  }) => {
    const [article] = await articles(request);
    const problems = watchConsole(page);
    const nonces: string[] = [];
    for (let visit = 0; visit < 3; visit++) {
      const response = (await page.goto(`/articles/${article!.slug}?nonce-check`))!;
      const headers = response.headers();
      if (visit > 0) {
        expect(headers['x-render']).toMatch(/cache=hit/);
        expect(headers['content-encoding']).toBe('gzip');
      }
      const policyNonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1];
      // The DOM hides a nonce attribute's value once parsed; the property keeps it.
      const pageNonces = await page.evaluate(() =>
        ['meta[property="csp-nonce"]', 'style[data-styled]'].map(
          (selector) => (document.querySelector(selector) as HTMLElement | null)?.nonce,
        ),
      );
      expect(pageNonces).toEqual([policyNonce, policyNonce]);
      nonces.push(policyNonce!);
      await hydratedNode(page, '#root h1');
      await expect(page.getByRole('heading', { level: 1, name: article!.title })).toBeVisible();
    }
    expect(new Set(nonces).size).toBe(3);
    expect(problems).toEqual([]);
  });

  test('a hydrated page is interactive: the theme toggle and client navigation work', async ({ page }) => {
    await page.goto('/articles');
    await hydrated(page);
    await page.getByRole('button', { name: 'テーマを切り替える' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect((await page.context().cookies()).find((c) => c.name === 'theme')?.value).toBe('dark');
    await page.getByRole('link', { name: '私たちについて' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
  });
});
