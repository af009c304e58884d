import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { webAppServer } from '../../scripts/lib/stack.mjs';
import { distDir } from '../../scripts/lib/apps.mjs';
import { buildInto } from '../support/build';
import { holdScripts, hydrated, hydratedNode, interactive } from '../support/hydration';
import { appByWorkspace, privatePort, type ServerHandle } from '../support/servers';
import { API, adminIdToken, createArticle, deleteArticle } from '../support/reliabilityApi';

/**
 * Server rendering of the public pages: what crawlers and link previews receive without running
 * a script, hydration in the browser, freshness after an admin edit, and failures that must fall
 * back to the client-rendered page.
 */
interface ApiArticle {
  id: number;
  slug: string;
  title: string;
  content: string;
  date: string;
  image?: string;
}

const SHELL = 'http://localhost:3000';
const PUBLIC_ROUTES = ['/', '/about', '/contents', '/contents/ai-basics', '/articles', '/privacy', '/terms'];

const articles = async (request: APIRequestContext) =>
  (await (await request.get(`${API}/articles`)).json()) as ApiArticle[];

/** The first 120 characters of the body without tags (spec: meta description). */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

/** Console errors and warnings of the page (external images cannot load here: not counted). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const where = message.location().url;
    if (where && !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(where)) return;
    // The 404 page's own document is answered with 404 on purpose.
    if (/status of 404/.test(message.text()) && where === page.url() && /no-such-page$/.test(where)) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

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
      test.setTimeout(120_000);
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
    // Article pages and the pages loaded on demand wait for code while hydrating (the sanitiser, a
    // lazy page): their server nodes must survive that wait too.
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
    await context.addInitScript(() => {
      const shifts: string[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[])
          shifts.push(`${entry.value.toFixed(4)} ${entry.sources.map((s) => s.node?.nodeName).join(',')}`);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    for (const route of ['/', '/articles', `/articles/${article!.slug}`]) {
      await page.goto(route);
      await hydratedNode(page, '#root h1');
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts), route).toEqual([]);
    }
    await context.close();
  });

  test('a served page is painted before any of its scripts is requested, then hydrates', async ({ page, request }) => {
    const [article] = await articles(request);
    for (const route of ['/', '/articles', `/articles/${article!.slug}`]) {
      await page.goto(route);
      await hydratedNode(page, '#root h1');
      const { paintedAt, scripts } = await page.evaluate(() => ({
        paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.initiatorType === 'script' || entry.initiatorType === 'link')
          .filter((entry) => /\.js(\?|$)/.test(entry.name) && !entry.name.endsWith('/after-paint.js'))
          .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
      }));
      expect(paintedAt, route).not.toBeNull();
      expect(scripts.length, route).toBeGreaterThan(3);
      // main.js, remoteEntry.js and every chunk: none of them started before the first paint.
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

test('an admin edit reaches the server-rendered HTML within 5 s', async ({ request }) => {
  test.setTimeout(60_000);
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

/** A shell server and a public-site server on private ports, with a registry the test can edit. */
test.describe('failures and redeploys', () => {
  const shellPort = privatePort(3000);
  const publicPort = privatePort(3002);
  const origin = `http://localhost:${shellPort}`;
  const registry: Record<string, string> = {};
  const servers: ServerHandle[] = [];
  const folders: string[] = [];

  const servePublicSite = async (root: string, port: number) => {
    const server = webAppServer(appByWorkspace('public-site'), { port, root });
    await server.listen();
    servers.push(server);
    registry.public_site = `http://localhost:${port}/mf-manifest.json`;
  };
  const copyOfPublicSite = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'public-site-ssr-'));
    fs.cpSync(distDir('public-site'), folder, { recursive: true });
    folders.push(folder);
    return folder;
  };

  test.beforeAll(async () => {
    const shell = webAppServer(appByWorkspace('shell'), { port: shellPort, registry });
    await shell.listen();
    servers.push(shell);
  });
  test.afterAll(async () => {
    for (const server of servers) await server.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  test.afterEach(async () => {
    while (servers.length > 1) await servers.pop()!.close();
  });

  const expectClientRenderedArticles = async (page: Page, request: APIRequestContext) => {
    const response = await request.get(`${origin}/articles`);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-render']).toBe('client');
    await page.goto(`${origin}/articles`);
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
  };

  test('a public-site release without a server build: 200 and the client-rendered page', async ({ page, request }) => {
    const folder = copyOfPublicSite();
    fs.rmSync(path.join(folder, 'server'), { recursive: true });
    await servePublicSite(folder, publicPort);
    await expectClientRenderedArticles(page, request);
  });

  test('a broken server bundle: 200 and the client-rendered page', async ({ page, request }) => {
    const folder = copyOfPublicSite();
    fs.writeFileSync(path.join(folder, 'server', 'remoteEntry.js'), 'module.exports = {;');
    await servePublicSite(folder, publicPort + 10);
    await expectClientRenderedArticles(page, request);
  });

  test('a server bundle that throws while rendering: 200 and the client-rendered page', async ({ page, request }) => {
    const folder = copyOfPublicSite();
    const serverDir = path.join(folder, 'server');
    // The articles page throws whenever it renders.
    const broken = fs.readdirSync(serverDir).filter((name) => {
      const file = path.join(serverDir, name);
      const source = fs.readFileSync(file, 'utf8');
      if (!source.includes('function ArticlesPage() {')) return false;
      fs.writeFileSync(
        file,
        source.replace('function ArticlesPage() {', 'function ArticlesPage() { throw new Error("render failure");'),
      );
      return true;
    });
    expect(broken.length).toBeGreaterThan(0);
    await servePublicSite(folder, publicPort + 20);
    await expectClientRenderedArticles(page, request);
  });

  test('a redeployed public-site (new folder + registry line) is rendered without restarting the shell', async ({
    request,
  }) => {
    test.setTimeout(180_000);
    // A release URL of its own: a URL that failed moments ago is not retried for 5 s (by design).
    await servePublicSite(distDir('public-site'), publicPort + 40);
    const before = await request.get(`${origin}/articles`);
    expect(before.headers()['x-render']).toMatch(/^server;.*public_site=/);
    const marker = `ssr-redeploy-${Date.now()}`;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'public-site-release-'));
    folders.push(folder);
    await buildInto('public-site', folder, marker);
    await servePublicSite(folder, publicPort + 30);
    const after = await request.get(`${origin}/articles`);
    expect(after.status()).toBe(200);
    expect(after.headers()['x-render']).toContain(`public_site=${marker}`);
    expect(await after.text()).toContain('件の記事');
  });
});
