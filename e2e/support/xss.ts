/**
 * What the stored-XSS tests (reliability-xss-*.spec.ts) share: the marker that opens each
 * payload's article body, the watcher that counts every sign of script execution on a page, and
 * the private API the payloads are stored in (~90 writes: a raised write limit and a database of
 * its own keep them off the shared stack's write budget). Each file starts its own API on a port
 * of its own, so the files run side by side.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { startPrivateApi, type PrivateApi } from './privateApi';
import { hydratedNode } from './hydration';
import { adminIdToken, createArticle, type CreatedArticle } from './reliabilityApi';
import { dangerousLeftovers } from './dangerousLeftovers';
import { installXssSentinel, XSS_PAYLOADS, xssHits, type XssPayload } from './xssPayloads';

/** The visible text that opens each payload's article body (payload names contain `&` and `<`). */
export const marker = (payload: XssPayload) => `XSS検証 ${payload.id}：${payload.name}`;
const markerHtml = (payload: XssPayload) =>
  `<p>${marker(payload).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;
export const bodyWith = (payload: XssPayload) => `${markerHtml(payload)}${payload.html}`;
const YOUTUBE = /^https:\/\/www\.youtube(?:-nocookie)?\.com\//;

export interface Findings {
  hits: string[];
  dialogs: string[];
  errors: string[];
  navigations: string[];
  leftovers: string[];
}

/**
 * Listens for every sign of script execution on the page; `collect` reads and resets them. The
 * page's calls to the shared API go to `api` instead.
 */
export async function watchForXss(page: Page, api: PrivateApi) {
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
    // Fixed waits on purpose, here and after the presses: the finding is that no script runs, and
    // a script that does not run has no event to wait for. The window is what the payloads are
    // given (an image's error, a frame's load, a media source's error, an animation's start).
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
export async function openInApp(page: Page, url: string, firstVisit: boolean) {
  if (firstVisit) {
    await page.goto(url);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/**
 * The payloads' pages checked in `count` tabs of `first`'s browser context side by side, each tab
 * its own share in order: most of a check is waiting (a page's load, the watcher's window), and
 * one tab's wait is another's work. `open` sets a tab up (its watcher, its sign-in) and returns its
 * check of one item.
 */
export async function inTabsSideBySide<T>(
  first: Page,
  count: number,
  items: readonly T[],
  open: (page: Page) => Promise<(item: T) => Promise<void>>,
): Promise<void> {
  const others = await Promise.all(Array.from({ length: count - 1 }, () => first.context().newPage()));
  try {
    await Promise.all(
      [first, ...others].map(async (page, tab) => {
        const check = await open(page);
        for (let i = tab; i < items.length; i += count) await check(items[i]!);
      }),
    );
  } finally {
    await Promise.all(others.map((page) => page.close()));
  }
}

/** How many tabs the payload loops use (inTabsSideBySide). */
export const PAYLOAD_TABS = 3;

export const NOTHING: Findings = { hits: [], dialogs: [], errors: [], navigations: [], leftovers: [] };
export const clean = (findings: Findings) => Object.values(findings).every((list: string[]) => list.length === 0);

/** The article body on /articles/{slug}: the element holding the payload's marker paragraph. */
export const articleBody = (page: Page, payload: XssPayload) =>
  page
    .getByRole('main')
    .locator('p', { hasText: marker(payload) })
    .first()
    .locator('..');

export interface StoredPayloads {
  api: PrivateApi;
  token: string;
  /** A run's own prefix for slugs. */
  run: string;
  /** payload id → the article it was stored in */
  stored: Map<number, CreatedArticle>;
}

/** A private API on `port` with every payload stored in an article of its own (as an admin). */
export async function storePayloads(port: number): Promise<StoredPayloads> {
  const api = await startPrivateApi(port);
  const token = await adminIdToken();
  const run = Date.now().toString(36);
  const stored = new Map<number, CreatedArticle>();
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
  return { api, token, run, stored };
}

/** An unsanitised payload put straight into the page, to show what the detector sees. */
export async function injectUnsanitised(page: Page) {
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
