import { expect, test } from '@playwright/test';
import { hydratedNode } from '../support/hydration';
import { startPrivateApi, type PrivateApi } from '../support/privateApi';
import { API } from '../support/reliabilityApi';
import { articleBody, bodyWith, clean, inTabsSideBySide, openInApp, PAYLOAD_TABS, watchForXss } from '../support/xss';
import { XSS_PAYLOADS } from '../support/xssPayloads';
import { paced } from '../support/pace';

/**
 * The public site's own sanitiser, with the server's out of the way: raw cheat-sheet payloads
 * answered in place of the API's (already sanitised) content, and raw payloads in the locally
 * stored `articles` key. None of them runs. The page's other API calls go to a private API, as in
 * the other reliability-xss-*.spec.ts files.
 */
/**
 * The shell's Content-Security-Policy already refuses inline handlers and `javascript:` URLs, which
 * would hide a sanitiser that lets them through: these tests bypass it, so what they count is what
 * the sanitisers alone stop.
 */
test.use({ bypassCSP: true });

let api: PrivateApi;

test.beforeAll(async () => {
  api = await startPrivateApi(4152);
});

test.afterAll(async () => {
  await api?.stop();
});

test('the public site’s own sanitiser stops the raw payloads when the server’s is bypassed', async ({ page }) => {
  test.setTimeout(paced(300_000));
  const raw = new Map(XSS_PAYLOADS.map((payload) => [`xss-raw-${payload.id}`, payload]));
  const failures: string[] = [];
  await inTabsSideBySide(page, PAYLOAD_TABS, [...raw], async (tab) => {
    const collect = await watchForXss(tab, api);
    // The API "returns" unsanitised content: only the browser-side DOMPurify policy stands in the way.
    await tab.route(`${API}/articles/slug/xss-raw-*`, (route) => {
      const slug = new URL(route.request().url()).pathname.split('/').pop()!;
      const payload = raw.get(slug)!;
      return route.fulfill({
        json: {
          id: 900_000 + payload.id,
          slug,
          title: `生のペイロード #${payload.id}`,
          content: bodyWith(payload),
          date: '2025-01-03',
          category: 'AIニュース',
          tag: '',
          relatedArticles: [],
          articleType: 'note',
        },
      });
    });
    // The server never sees these answers (they exist only in the browser's routes): the pages are
    // reached by client-side navigation from a page the server rendered.
    // Navigating while the server-rendered page still hydrates would re-render it at another route
    // mid-hydration (React reports #418 and client-renders): wait until React owns the page first.
    await tab.goto('http://localhost:3000/about');
    await hydratedNode(tab, 'main h1');
    return async ([slug, payload]) => {
      const url = `http://localhost:3000/articles/${slug}`;
      await openInApp(tab, url, false);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(`生のペイロード #${payload.id}`);
      const findings = await collect(articleBody(tab, payload), url);
      if (!clean(findings)) failures.push(`#${payload.id} ${payload.name}: ${JSON.stringify(findings)}`);
    };
  });
  console.log(`XSS, browser sanitiser alone: ${raw.size} raw payloads, ${failures.length} ran`);
  expect(failures).toEqual([]);
});

test('raw payloads in the locally stored `articles` key are sanitised too', async ({ page }) => {
  const collect = await watchForXss(page, api);
  const sample = XSS_PAYLOADS.filter((payload) => /script tag$|img onerror$|svg onload|mXSS/.test(payload.name));
  const local = sample.map((payload) => ({
    id: 800_000 + payload.id,
    slug: `xss-local-${payload.id}`,
    title: `ローカル保存のペイロード #${payload.id}`,
    content: bodyWith(payload),
    date: '2025-01-04',
    category: 'AIニュース',
  }));
  await page.addInitScript((articles) => window.localStorage.setItem('articles', JSON.stringify(articles)), local);
  const failures: string[] = [];
  for (const payload of sample) {
    const url = `http://localhost:3000/articles/xss-local-${payload.id}`;
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`ローカル保存のペイロード #${payload.id}`);
    const findings = await collect(articleBody(page, payload), url);
    if (!clean(findings)) failures.push(`#${payload.id} ${payload.name}: ${JSON.stringify(findings)}`);
  }
  expect(sample.length).toBeGreaterThanOrEqual(5);
  expect(failures).toEqual([]);
});
