import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminUser, signInAs } from '../support/auth';
import { webAppServer } from '../../scripts/lib/stack.mjs';
import { startPrivateApi, type PrivateApi } from '../support/privateApi';
import { hydratedNode, interactive } from '../support/hydration';
import { appByWorkspace, type ServerHandle } from '../support/servers';
import { adminIdToken, API, createArticle, type CreatedArticle } from '../support/reliabilityApi';
import { dangerousLeftovers, installXssSentinel, XSS_PAYLOADS, xssHits, type XssPayload } from '../support/xssPayloads';

/**
 * The shell's Content-Security-Policy already refuses inline handlers and `javascript:` URLs, which
 * would hide a sanitiser that lets them through: these tests bypass it, so what they count is what
 * the sanitisers alone stop. (The last test shows the policy blocking on its own.)
 */
test.use({ bypassCSP: true });

/**
 * Public article pages are rendered by the shell's server, which must read the private API the
 * payloads are stored in: a shell server of its own on this port (the browser's API calls are
 * routed to the private API as before). The admin console stays on the shared stack.
 */
const SSR_SHELL = 'http://localhost:4150';
let ssrShell: ServerHandle;

/**
 * Stored XSS: every cheat-sheet payload is stored as article content through the API (admin) and
 * rendered in Chromium — on the public article page and in the admin console's live preview — and
 * the payloads run nowhere. The browser-side sanitiser is also tested alone, with the raw payloads
 * served in place of the API's (already sanitised) answer. YouTube embeds must survive all of it.
 */

/** The visible text that opens each payload's article body (payload names contain `&` and `<`). */
const marker = (payload: XssPayload) => `XSS検証 ${payload.id}：${payload.name}`;
const markerHtml = (payload: XssPayload) =>
  `<p>${marker(payload).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;
const bodyWith = (payload: XssPayload) => `${markerHtml(payload)}${payload.html}`;
const YOUTUBE = /^https:\/\/www\.youtube(?:-nocookie)?\.com\//;

interface Findings {
  hits: string[];
  dialogs: string[];
  errors: string[];
  navigations: string[];
  leftovers: string[];
}

/** Listens for every sign of script execution on the page; `collect` reads and resets them. */
async function watchForXss(page: Page) {
  await installXssSentinel(page);
  await api.routeThrough(page);
  // Machines are offline: YouTube answers empty, and no other outside host is reached either.
  await page.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.fulfill({ status: 204 }));
  await page.route(YOUTUBE, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }));
  let dialogs: string[] = [];
  let errors: string[] = [];
  let navigations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('framenavigated', (frame) => {
    if (/^(?:javascript|data|vbscript):/i.test(frame.url())) navigations.push(frame.url().slice(0, 80));
  });
  return async (root: Locator, expectedUrl: string): Promise<Findings> => {
    // Give load/error handlers a moment, then try what a reader would do: hover, focus, tab around.
    await expect(root).toBeAttached();
    await page.waitForTimeout(200);
    await root.evaluate((element) => {
      for (const node of [element, ...element.querySelectorAll('*')]) {
        for (const type of [
          'mouseover',
          'mouseenter',
          'focus',
          'focusin',
          'load',
          'error',
          'toggle',
          'animationstart',
        ]) {
          node.dispatchEvent(new Event(type));
        }
        if (node instanceof HTMLElement) node.focus();
      }
    });
    const box = await root.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height, 400) / 2, { steps: 2 });
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await page.waitForTimeout(50);
    if (page.url() !== expectedUrl) navigations.push(`left the page for ${page.url().slice(0, 80)}`);
    const findings: Findings = {
      hits: await xssHits(page, { reset: true }),
      dialogs,
      errors,
      navigations,
      leftovers: await root.evaluate(dangerousLeftovers),
    };
    dialogs = [];
    errors = [];
    navigations = [];
    return findings;
  };
}

/**
 * Client-side navigation through the router (popstate): a few hundred ms instead of a full load.
 * The sentinel stays installed; `collect` resets its count after each page.
 */
async function openInApp(page: Page, url: string, firstVisit: boolean) {
  if (firstVisit) {
    await page.goto(url);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

const NOTHING: Findings = { hits: [], dialogs: [], errors: [], navigations: [], leftovers: [] };
const clean = (findings: Findings) => Object.values(findings).every((list: string[]) => list.length === 0);

/** The article body on /articles/{slug}: the element holding the payload's marker paragraph. */
const articleBody = (page: Page, payload: XssPayload) =>
  page
    .getByRole('main')
    .locator('p', { hasText: marker(payload) })
    .first()
    .locator('..');

/**
 * ~90 writes: a private API instance (raised write limit, own database) keeps them from using up
 * the shared stack's write budget; pages reach it through `routeThrough`.
 */
let api: PrivateApi;
let token: string;
const stored = new Map<number, CreatedArticle>();
const run = Date.now().toString(36);

test.beforeAll(async () => {
  api = await startPrivateApi(4151);
  ssrShell = webAppServer(appByWorkspace('shell'), { port: 4150, serverApiUrl: api.base });
  await ssrShell.listen();
  token = await adminIdToken();
  for (const payload of XSS_PAYLOADS) {
    const article = await createArticle(
      token,
      {
        // The title carries the payload too: React must print it as text, in the page and in <title>.
        title: Array.from(`XSS検証 #${payload.id} ${payload.html}`).slice(0, 200).join(''),
        slug: `xss-${run}-${payload.id}`,
        date: '2025-01-02',
        content: bodyWith(payload),
      },
      api.base,
    );
    stored.set(payload.id, article);
  }
});

test.afterAll(async () => {
  await ssrShell?.close();
  await api?.stop();
});

/** An unsanitised payload put straight into the page, to show what the detector sees. */
async function injectUnsanitised(page: Page) {
  await page.goto('/about');
  // Hydration removes nodes the server did not send: the box goes in once React owns the page.
  await hydratedNode(page, 'main h1');
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.id = 'xss-control';
    box.innerHTML =
      '<img src=x onerror=__xssHit(0)><a href="javascript:__xssHit(1)">x</a><p onmouseover="alert(2)">y</p>';
    document.querySelector('main')?.append(box);
  });
  return page.locator('#xss-control');
}

test('the detector itself: an unsanitised payload put into a page is caught (control)', async ({ page }) => {
  const collect = await watchForXss(page);
  const findings = await collect(await injectUnsanitised(page), 'http://localhost:3000/about');
  expect(findings.hits).toContain('0');
  expect(findings.dialogs).toEqual(['alert: 2']);
  expect(findings.leftovers).toEqual(
    expect.arrayContaining(['img[onerror]', 'a[href="javascript:__xssHit(1)"]', 'p[onmouseover]']),
  );
});

test(`${XSS_PAYLOADS.length} payloads stored through the API run nowhere on their article pages`, async ({ page }) => {
  test.setTimeout(300_000);
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  const collect = await watchForXss(page);
  const failures: string[] = [];
  let changedByServer = 0;
  for (const payload of XSS_PAYLOADS) {
    const article = stored.get(payload.id)!;
    if (!article.content.includes(payload.html)) changedByServer += 1;
    const url = `${SSR_SHELL}/articles/${article.slug}`;
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    await expect(page).toHaveTitle(`${article.title} | AIまなび`);
    const findings = await collect(articleBody(page, payload), url);
    if (!clean(findings)) failures.push(`#${payload.id} ${payload.name}: ${JSON.stringify(findings)}`);
  }
  console.log(
    `XSS, stored: ${XSS_PAYLOADS.length} payloads, ${changedByServer} rewritten by the server's sanitiser, ` +
      `${failures.length} ran or left something dangerous`,
  );
  expect(failures).toEqual([]);
});

test('a YouTube embed survives the sanitisers: a seed video article and one stored through the API', async ({
  page,
}) => {
  const collect = await watchForXss(page);
  const video = await createArticle(
    token,
    {
      title: `YouTube埋め込みの検証 ${run}`,
      slug: `xss-${run}-youtube`,
      articleType: 'youtube',
      content:
        '<iframe width="560" height="315" src="https://www.youtube.com/embed/Qm7xK2pLd9A" title="動画" ' +
        'allow="autoplay; encrypted-media" allowfullscreen onload="__xssHit(\'yt\')"></iframe><p>動画の説明です。</p>',
    },
    api.base,
  );
  stored.set(-1, video);
  expect(video.content).toContain('src="https://www.youtube.com/embed/Qm7xK2pLd9A"');

  for (const slug of ['chatgpt-getting-started-video', video.slug]) {
    const url = `${SSR_SHELL}/articles/${slug}`;
    await page.goto(url);
    const play = page.getByRole('button', { name: /^動画を再生：/ });
    await expect(play).toBeVisible();
    await interactive(page);
    await play.click();
    const frame = page.getByRole('main').locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube\.com\/embed\/[\w-]+/);
    expect(await collect(frame.locator('..'), url)).toEqual(NOTHING);
  }

  // A YouTube iframe inside the body of a stored payload article keeps its player, loses its handler.
  const withHandler = XSS_PAYLOADS.find((payload) => payload.name === 'YouTube iframe with onload')!;
  await page.goto(`${SSR_SHELL}/articles/${stored.get(withHandler.id)!.slug}`);
  const body = articleBody(page, withHandler);
  await expect(body.locator('iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/abc');
  await expect(body.locator('iframe')).not.toHaveAttribute('onload', /.*/);
});

test('the admin console’s live preview runs none of the stored payloads, nor the raw ones typed in', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const collect = await watchForXss(page);
  await signInAs(page, adminUser);
  const preview = page.getByRole('region', { name: 'プレビュー' });
  const failures: string[] = [];

  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const url = `http://localhost:3000/admin/articles/edit/${stored.get(payload.id)!.id}`;
    await openInApp(page, url, index === 0);
    await expect(preview).toContainText(marker(payload));
    const findings = await collect(preview, url);
    if (!clean(findings)) failures.push(`stored #${payload.id} ${payload.name}: ${JSON.stringify(findings)}`);
  }

  // The editor bypasses the server: what the admin types goes straight to the browser's sanitiser.
  const [firstStored] = stored.values();
  if (!firstStored) throw new Error('no payload was stored');
  const editUrl = `http://localhost:3000/admin/articles/edit/${firstStored.id}`;
  await page.goto(editUrl);
  const editor = page.getByRole('textbox', { name: /^本文（HTML）/ });
  for (const payload of XSS_PAYLOADS) {
    await editor.fill(bodyWith(payload));
    await expect(preview).toContainText(marker(payload));
    const findings = await collect(preview, editUrl);
    if (!clean(findings)) failures.push(`typed #${payload.id} ${payload.name}: ${JSON.stringify(findings)}`);
  }
  console.log(
    `XSS, admin preview: ${XSS_PAYLOADS.length} stored + ${XSS_PAYLOADS.length} typed, ${failures.length} ran`,
  );
  expect(failures).toEqual([]);
});

test('the public site’s own sanitiser stops the raw payloads when the server’s is bypassed', async ({ page }) => {
  test.setTimeout(300_000);
  const collect = await watchForXss(page);
  const raw = new Map(XSS_PAYLOADS.map((payload) => [`xss-raw-${payload.id}`, payload]));
  // The API "returns" unsanitised content: only the browser-side DOMPurify policy stands in the way.
  await page.route(`${API}/articles/slug/xss-raw-*`, (route) => {
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

  const failures: string[] = [];
  // The server never sees these answers (they exist only in the browser's routes): the pages are
  // reached by client-side navigation from a page the server rendered.
  // Navigating while the server-rendered page still hydrates would re-render it at another route
  // mid-hydration (React reports #418 and client-renders): wait until React owns the page first.
  await page.goto('http://localhost:3000/about');
  await hydratedNode(page, 'main h1');
  for (const [slug, payload] of raw) {
    const url = `http://localhost:3000/articles/${slug}`;
    await openInApp(page, url, false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`生のペイロード #${payload.id}`);
    const findings = await collect(articleBody(page, payload), url);
    if (!clean(findings)) failures.push(`#${payload.id} ${payload.name}: ${JSON.stringify(findings)}`);
  }
  console.log(`XSS, browser sanitiser alone: ${raw.size} raw payloads, ${failures.length} ran`);
  expect(failures).toEqual([]);
});

test('raw payloads in the locally stored `articles` key are sanitised too', async ({ page }) => {
  const collect = await watchForXss(page);
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

test.describe('with the shell’s Content-Security-Policy enforced', () => {
  test.use({ bypassCSP: false });

  test('the same unsanitised payload runs nothing: the policy refuses inline handlers by itself', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    const collect = await watchForXss(page);
    const findings = await collect(await injectUnsanitised(page), 'http://localhost:3000/about');
    expect(findings.hits).toEqual([]);
    expect(findings.dialogs).toEqual([]);
    expect(violations.length).toBeGreaterThan(0);
  });
});
