import { expect, test, type Page } from '@playwright/test';
import { adminIdToken, createArticle, deleteArticle } from '../support/reliabilityApi';
import { articles, metaContent, plainText, PUBLIC_ROUTES, SHELL } from '../support/serverRendering';
import { paced } from '../support/pace';

/**
 * Server rendering of the public pages: what crawlers and link previews receive without running
 * a script, and freshness after an admin edit. In the browser: server-rendering-hydration.spec.ts
 * and server-rendering-early-input.spec.ts; failures that must fall back to the client-rendered
 * page: server-rendering-redeploys.spec.ts.
 */
test.describe('served HTML', () => {
  test('an article page carries its title, body text, share metadata and JSON-LD before any script', async ({
    request,
  }) => {
    const [article] = await articles(request);
    const response = await request.get(`${SHELL}/articles/${article!.slug}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-render']).toMatch(/^server/);
    const html = await response.text();
    const title = `${article!.title} | AIまなび`;
    const url = `${SHELL}/articles/${article!.slug}`;
    const description = plainText(article!.content).slice(0, 120);

    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(plainText(article!.content).slice(0, 40));
    expect(metaContent(html, 'name', 'description')).toBe(description);
    expect(metaContent(html, 'property', 'og:title')).toBe(title);
    expect(metaContent(html, 'property', 'og:description')).toBe(description);
    expect(metaContent(html, 'property', 'og:url')).toBe(url);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:image')).toMatch(/^https?:\/\//);
    expect(metaContent(html, 'property', 'og:locale')).toBe('ja_JP');
    expect(metaContent(html, 'property', 'og:site_name')).toBe('AIまなび');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');

    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'Article',
      headline: article!.title,
      datePublished: article!.date,
      publisher: { '@type': 'Organization', name: '株式会社AIまなび' },
    });
    expect(jsonLd.image[0]).toMatch(/^https?:\/\//);
  });

  test('a video article without an image shares its YouTube thumbnail, as its card shows it', async ({ request }) => {
    // The seed's three video articles without an image of their own.
    const video = (await articles(request)).find(
      (article) => !article.image && /youtube\.com\/embed\//.test(article.content),
    );
    expect(video, 'a video article without an image').toBeDefined();
    const videoId = /youtube\.com\/embed\/([\w-]{11})/.exec(video!.content)![1];
    const thumbnail = `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
    const html = await (await request.get(`${SHELL}/articles/${video!.slug}`)).text();
    expect(metaContent(html, 'property', 'og:image')).toBe(thumbnail);
    expect(metaContent(html, 'name', 'twitter:image')).toBe(thumbnail);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
    expect(jsonLd.image).toEqual([thumbnail]);
  });

  test('a page without share metadata of its own shares the default image, and that image exists', async ({
    request,
  }) => {
    const html = await (await request.get(`${SHELL}/about`)).text();
    const image = metaContent(html, 'property', 'og:image')!;
    expect(image).toBe(`${SHELL}/og-default.png`);
    const png = await request.get(image);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  });

  test('a shared link with tracking parameters gets the page its path has in the cache', async ({ request }) => {
    const [article] = await articles(request);
    const route = `${SHELL}/articles/${article!.slug}`;
    const plain = await request.get(route);
    expect(plain.headers()['x-render']).toMatch(/^server/);
    const tracked = await request.get(`${route}?utm_source=line&utm_medium=share&fbclid=IwAR0abc`);
    expect(tracked.status()).toBe(200);
    // Not a render of its own (a miss): the page the plain URL left in the cache, or its refresh if
    // the article list changed in between.
    expect(tracked.headers()['x-render']).toMatch(/^server; cache=(hit|refreshed|stale)\b/);
    const html = await tracked.text();
    expect(html).toContain(`<title>${article!.title}`);
    expect(html).toContain(`<link rel="canonical" href="${route}">`);
    expect(html).not.toContain('fbclid');
  });

  test('unknown paths, article slugs and content items answer 404 with the 404 page', async ({ request }) => {
    for (const unknown of ['/no-such-page', '/articles/no-such-article', '/contents/no-such-item', '/not-found']) {
      const response = await request.get(`${SHELL}${unknown}`);
      expect(response.status(), unknown).toBe(404);
      const html = await response.text();
      expect(html).toContain('ページが見つかりません');
      expect(html).toContain('お探しのページは存在しないか、移動された可能性があります。');
      // No address to point crawlers or link previews at.
      expect(html, unknown).not.toContain('rel="canonical"');
      expect(html, unknown).not.toContain('og:url');
    }
  });

  test('every public page is served rendered, and in the dark theme for a dark-mode visitor', async ({ request }) => {
    const [article] = await articles(request);
    for (const route of [...PUBLIC_ROUTES, `/articles/${article!.slug}`]) {
      const light = await request.get(`${SHELL}${route}`);
      expect(light.status(), route).toBe(200);
      expect(light.headers()['x-render'], route).toMatch(/^server/);
      const dark = await request.get(`${SHELL}${route}`, { headers: { Cookie: 'theme=dark' } });
      const html = await dark.text();
      expect(html, route).toContain('data-theme="dark"');
      expect(html, route).toContain('<meta name="color-scheme" content="dark">');
      // The dark palette is in the served styles, chosen by <html data-theme>: no light flash
      // before the scripts run (a browser without JavaScript checks it below).
      expect(html, route).toMatch(/:root\[data-theme='dark'\]\{[^}]*--page-background:#1c1c1e/);
      expect(html, route).toMatch(/body\{[^}]*background:var\(--page-background\)/);
    }
  });
});

test('an admin edit reaches the server-rendered HTML within 5 s', async ({ request }) => {
  test.setTimeout(paced(60_000));
  const token = await adminIdToken();
  const title = `サーバー描画の鮮度 ${Date.now()}`;
  const waitFor = async (url: string, accept: (status: number, html: string) => boolean) => {
    const started = Date.now();
    for (;;) {
      const response = await request.get(url);
      if (accept(response.status(), await response.text())) return Date.now() - started;
      if (Date.now() - started > 5000) throw new Error(`${url} not updated within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  // The list page is rendered (and cached) before the edit.
  expect(await (await request.get(`${SHELL}/articles`)).text()).not.toContain(title);
  const created = await createArticle(token, { title, content: '<p>鮮度の確認</p>', date: '2099-01-01' });
  try {
    const listMs = await waitFor(`${SHELL}/articles`, (status, html) => status === 200 && html.includes(title));
    const pageMs = await waitFor(
      `${SHELL}/articles/${created.slug}`,
      (status, html) => status === 200 && html.includes(title),
    );
    expect(listMs).toBeLessThanOrEqual(5000);
    expect(pageMs).toBeLessThanOrEqual(5000);
  } finally {
    await deleteArticle(token, created.id);
  }
  const goneMs = await waitFor(`${SHELL}/articles/${created.slug}`, (status) => status === 404);
  expect(goneMs).toBeLessThanOrEqual(5000);
});

test.describe('site documents', () => {
  const wellFormed = async (page: Page, xml: string) =>
    page.evaluate(
      (text) =>
        new DOMParser().parseFromString(text, 'application/xml').getElementsByTagName('parsererror').length === 0,
      xml,
    );

  test('sitemap.xml, feed.xml and robots.txt are valid and list every article', async ({ page, request }) => {
    const all = await articles(request);
    const sitemap = await request.get(`${SHELL}/sitemap.xml`);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const sitemapXml = await sitemap.text();
    const feed = await request.get(`${SHELL}/feed.xml`);
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    const feedXml = await feed.text();
    await page.goto('/about');
    expect(await wellFormed(page, sitemapXml)).toBe(true);
    expect(await wellFormed(page, feedXml)).toBe(true);
    for (const article of all) {
      expect(sitemapXml).toContain(
        `<loc>${SHELL}/articles/${encodeURIComponent(article.slug)}</loc><lastmod>${article.date}</lastmod>`,
      );
      expect(feedXml).toContain(`<link>${SHELL}/articles/${encodeURIComponent(article.slug)}</link>`);
    }
    for (const route of PUBLIC_ROUTES) expect(sitemapXml).toContain(`<loc>${SHELL}${route}</loc>`);
    expect(feedXml).toContain('<rss version="2.0"');

    const robots = await (await request.get(`${SHELL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${SHELL}/sitemap.xml`);
    expect(robots).toMatch(/^Disallow: \/business$/m);
    expect(robots).toMatch(/^Disallow: \/admin$/m);

    const head = await (await request.get(`${SHELL}/about`)).text();
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" title="AIまなび" href="/feed.xml">');
  });
});
