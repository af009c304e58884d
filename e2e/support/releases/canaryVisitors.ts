/**
 * Visitors of the canary world: over HTTP (a thousand first visits cost seconds) and in Chromium
 * (the release after hydration, and the health reports the page sends). Each tells which release
 * of public-site it was served, where: the server's render (X-Render's build), the HTML's preload
 * of the manifest, the visitor's /mf-remotes.json and, in the browser, the build the federation
 * runtime loaded.
 */
import type { Browser, Page } from '@playwright/test';
import { hydrated, interactive } from '../hydration';
import { paced } from '../pace';
import { browserLikeFetch } from '../browserLikeFetch';

/**
 * shared-releases' BUCKET_COOKIE, written out: Playwright loads workspace packages untransformed,
 * and this one is TypeScript. The first test checks the server sets exactly this name.
 */
const BUCKET_COOKIE = 'release_bucket';

export interface HttpVisit {
  status: number;
  /** `release_bucket=N` as the server set it (first visit), or null */
  setCookie: string | null;
  /** the public_site build the server rendered with (X-Render), or null when client-rendered */
  renderedBuild: string | null;
  /** the public_site manifest the HTML preloads */
  preloadedManifest: string | null;
}

/** The manifest preload: in the head, or (a server-rendered page) in the after-paint list as JSON. */
const PRELOAD = /rel=\\?"preload\\?" href=\\?"([^"\\]+mf-manifest\.json)\\?" as=\\?"fetch/;

/** The public_site build X-Render names (the server rendered with it), or null (client-rendered). */
const renderedBuildOf = (header: string | null | undefined) =>
  /public_site=([^;]+)/.exec(header ?? '')?.[1]?.trim() ?? null;

export async function httpVisit(origin: string, pathname: string, cookie?: string): Promise<HttpVisit> {
  const response = await browserLikeFetch(`${origin}${pathname}`, {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
  });
  const html = await response.text();
  const setCookie = response.headers.get('set-cookie');
  return {
    status: response.status,
    setCookie: setCookie ? (setCookie.split(';')[0] ?? null) : null,
    renderedBuild: renderedBuildOf(response.headers.get('x-render')),
    preloadedManifest: PRELOAD.exec(html)?.[1] ?? null,
  };
}

/** public_site's line in the /mf-remotes.json a visitor with `cookie` is served. */
export async function servedRegistryLine(origin: string, cookie?: string): Promise<string> {
  const response = await browserLikeFetch(`${origin}/mf-remotes.json`, { headers: cookie ? { cookie } : {} });
  return ((await response.json()) as Record<string, string>).public_site!;
}

export const bucketCookie = (bucket: number) => `${BUCKET_COOKIE}=${bucket}`;

export interface BrowserPage {
  origin: string;
  pathname: string;
  renderedBuild: string | null;
  preloadedManifest: string | null;
  /** the manifest the federation runtime loaded public_site from, after hydration */
  loadedManifest: string | null;
  /** the area showed its fallback (a crash or a load failure) */
  fallback: boolean;
}

/** The manifest URL the page's federation runtime holds public_site's snapshot under. */
const loadedManifest = (page: Page) =>
  page.evaluate(() => {
    const info = (globalThis as unknown as { __FEDERATION__?: { moduleInfo: Record<string, unknown> } }).__FEDERATION__
      ?.moduleInfo;
    const key = Object.keys(info ?? {}).find((k) => k.startsWith('public_site:'));
    return key ? key.slice('public_site:'.length) : null;
  });

export interface BrowserVisitOptions {
  /** origin and path of each page, loaded one after another (each a full page load) */
  pages: Array<{ origin: string; pathname: string }>;
  /** the address the service sees for this visitor's health reports */
  address: string;
  /** after each page load, footer links (hrefs) followed inside the page: more views, one batch */
  clicks?: string[];
  /** wait for each page's health report before the next page (or closing) */
  awaitReports?: boolean;
}

export interface BrowserVisit {
  pages: BrowserPage[];
  reportsSent: number;
  /** when the visit ended (its last report sent, when awaited) */
  endedAt: number;
}

/**
 * A browser context that visitors of one bucket take turns in: each visit's health reports carry
 * its own address, and the context's HTTP cache spares every visitor after the first the download
 * of the same release (a returning visitor's browser would have it too).
 */
export interface VisitorLane {
  visit(options: BrowserVisitOptions): Promise<BrowserVisit>;
  close(): Promise<void>;
}

/**
 * Keeps, in the page, what each click reached: its target, whether a handler cancelled its default
 * action, and the location right after it. Read back only when a tap leads nowhere.
 */
const recordTaps = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __taps?: string[] };
    if (w.__taps) return;
    const taps: string[] = (w.__taps = []);
    document.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target.outerHTML.slice(0, 120) : String(event.target);
      // Bubbling phase, after the page's own handlers: the location a link's navigation left.
      taps.push(`${target} (default prevented: ${event.defaultPrevented}, then at ${location.pathname})`);
    });
  });

const tapsSeen = (page: Page) =>
  page
    .evaluate(() => {
      const taps = (window as unknown as { __taps?: string[] }).__taps;
      return `the page at ${location.pathname}; clicks the document saw: ${taps?.length ? taps.join(' | ') : 'none'}`;
    })
    .catch((error: Error) => `the page could not be read (${error.message})`);

export async function openVisitorLane(
  browser: Browser,
  { healthUrl, bucket }: { healthUrl: string; bucket?: number },
): Promise<VisitorLane> {
  const context = await browser.newContext();
  let address = '';
  let reportsSent = 0;
  if (bucket !== undefined)
    await context.addCookies([{ name: BUCKET_COOKIE, value: String(bucket), domain: 'localhost', path: '/' }]);
  await context.route(healthUrl, async (route) => {
    reportsSent += 1;
    await route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } });
  });
  const page = await context.newPage();
  return {
    async visit(options) {
      address = options.address;
      const sentAtStart = reportsSent;
      const pages: BrowserPage[] = [];
      for (const { origin, pathname } of options.pages) {
        const response = await page.goto(`${origin}${pathname}`);
        const html = (await response?.text()) ?? '';
        await hydrated(page);
        const fallback = page.locator('[data-remote-fallback="public_site"]');
        const main = page.locator('main h1, main h2').first();
        await Promise.race([fallback.waitFor(), main.waitFor()]).catch(() => undefined);
        pages.push({
          origin,
          pathname,
          renderedBuild: renderedBuildOf(response?.headers()['x-render']),
          preloadedManifest: PRELOAD.exec(html)?.[1] ?? null,
          loadedManifest: await loadedManifest(page),
          fallback: await fallback.isVisible(),
        });
        for (const href of options.clicks ?? []) {
          // Tapped once the page has settled: the served heading stands from the first paint, and a
          // failing release's page is still hydrating, or falling back, when it is found (one such
          // tap led nowhere, and the visit waited for its page until the test's limit).
          await interactive(page);
          await recordTaps(page);
          await page.locator(`footer a[href="${href}"]`).click();
          // The document's own location, polled, rather than `waitForURL`: once, under load, the
          // page reached `/privacy` (its screenshot showed it) while no navigation event reached
          // Playwright's client, and the wait ran to its limit. Once more (2026-12-01) the location
          // did not change in 90 s: the error now says where the tap went.
          await page
            .waitForFunction((path) => location.pathname === path, href, { polling: 50, timeout: paced(30_000) })
            .catch(async (error: Error) => {
              const showing = (await fallback.isVisible().catch(() => false)) ? 'showing' : 'not showing';
              throw new Error(`the tap on ${href} led nowhere: ${await tapsSeen(page)}; ${showing} the fallback`, {
                cause: error,
              });
            });
          await Promise.race([fallback.waitFor(), main.waitFor()]).catch(() => undefined);
        }
        // The page's batch goes 2 s after its first event (or on leaving the page, as a beacon the
        // browser may send after the page is gone): waited for here, so each report is counted
        // under this visitor's address.
        if (options.awaitReports) {
          const sentBefore = reportsSent;
          const deadline = Date.now() + paced(6_000);
          while (reportsSent === sentBefore && Date.now() < deadline) await page.waitForTimeout(50);
        }
      }
      return { pages, reportsSent: reportsSent - sentAtStart, endedAt: Date.now() };
    },
    close: () => context.close(),
  };
}

/** One visitor in a browser context of its own (its own cookies and cache). */
export async function browserVisit(
  browser: Browser,
  options: BrowserVisitOptions & { healthUrl: string; bucket?: number },
): Promise<BrowserVisit> {
  const lane = await openVisitorLane(browser, options);
  try {
    return await lane.visit(options);
  } finally {
    await lane.close();
  }
}
