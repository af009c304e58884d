// The web server's side of server rendering: loads the shell's renderer (shell/dist/server),
// decides which requests it renders, caches the results against the API's change version and
// assembles the HTML. Whatever fails, the caller gets null and sends the client-rendered page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RenderedPage, RenderTheme, ShellRenderer } from 'shell/server-contract';
import { isServiceVersion, watchApiVersion } from './apiVersion';
import { createPageCache, type CacheState } from './pageCache';
import { createRenderPool, type RenderPool } from './renderPool';
import type { Registry, RegistryState } from '../releases/registry';
import { currentJapanYear } from './japanDate';

const require = createRequire(import.meta.url);
/** After a failure, the same public-site release is not tried again for this long. */
const RETRY_AFTER_MS = 5000;
/**
 * A live release that has not loaded in this long (its server hangs) no longer holds up listening:
 * its load goes on, and pages go to the browser until it is done. Several times a load on a busy
 * machine (3–5 s), and short enough that a hanging remote does not keep a new instance out of
 * service for long (the image's start is checked within 20 s: scripts/test/webServerImage.test.ts).
 */
const RELEASE_LOAD_LIMIT_MS = 10_000;

/**
 * `promise` or, once `ms` have passed, `onLimit()`. The timer is what keeps the process alive
 * meanwhile: the render threads are unref'd, so a start that waited on their load with nothing
 * else pending exited with code 0 before listening (seen in the canary world's web servers).
 */
function firstOf(promise: Promise<unknown>, ms: number, onLimit: () => void): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(() => resolve(onLimit()), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

export type Log = (message: string, error?: unknown) => void;

/** A rendered page as the server sends it. */
export interface ServedPage extends RenderedPage {
  /** The cache's own object, the same for every response of this page while it is cached. */
  cached: RenderedPage;
  theme: RenderTheme;
  cache: CacheState;
}

export interface ServerRenderer {
  /**
   * The rendered page for a path, or null when this path is not server-rendered, the render
   * failed (logged), or the page would say "not found" only because the API is failing: the
   * caller then sends the client-rendered page. `registry`: the one this request is served with
   * (a canary visitor's); without it, the renderer's own.
   */
  render(request: { pathname: string; theme: RenderTheme | null; registry?: Registry }): Promise<ServedPage | null>;
  /** sitemap.xml, robots.txt and feed.xml (built by the renderer), or null. */
  document(pathname: string): Promise<{ type: string; body: string } | null>;
  /** Resolves once the renderer and the render threads are loaded (or failed to: pages are then client-rendered). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface ServerRendererOptions {
  /** the shell's dist folder (server/ inside) */
  shellDist: string;
  /** the runtime registry, read per request that brings none of its own */
  registry: () => Registry;
  /**
   * The releases in service (live lines and canaries): once they change, the pages of public-site
   * releases no longer served leave the cache (a withdrawn canary's would sit there until pushed out).
   */
  releasesInService?: () => RegistryState;
  /** the browser's runtime config (/app-config.json) */
  config: object;
  /** the API as this server reaches it */
  apiBaseUrl: string;
  /** canonical and share URLs: the configured origin, never a request's Host */
  siteOrigin: string;
  /** render threads (renderPool.ts); 0: on this thread */
  threads?: number;
  /** false: every request renders (the bench's uncached load) */
  pageCache?: boolean;
  log?: Log;
}

export function createServerRenderer({
  shellDist,
  registry,
  releasesInService,
  config,
  apiBaseUrl,
  siteOrigin,
  threads = 0,
  pageCache = true,
  log = console.error,
}: ServerRendererOptions): ServerRenderer | null {
  const bundle = path.join(shellDist, 'server', 'main.js');
  if (!fs.existsSync(bundle)) {
    log(`server rendering is off: ${bundle} is missing (npm run build -w shell)`);
    return null;
  }
  const rendererConfig = Object.assign({}, config, { apiBaseUrl });
  // This thread's renderer decides which paths are rendered and builds the site documents; the
  // pages themselves are rendered here only without render threads.
  const rendererReady: Promise<ShellRenderer> = (require(bundle) as { loadRenderer(): Promise<ShellRenderer> })
    .loadRenderer()
    .then((renderer) => {
      renderer.configure(rendererConfig);
      return renderer;
    });
  rendererReady.catch((error: unknown) => log('server rendering is off: the shell renderer failed to load', error));
  const pool: RenderPool | null =
    threads > 0 ? createRenderPool({ bundle, config: rendererConfig, size: threads, log }) : null;
  const apiVersion = watchApiVersion(apiBaseUrl);
  const cache = pageCache
    ? createPageCache<RenderedPage>({
        isMissing: (page) => page.status === 404,
        isDegraded: (page) => page.degraded === true,
        onRefreshFailed: (key, error) =>
          log(`re-rendering ${key.split('\n')[0]} failed; its page of an earlier API version is served`, error),
      })
    : null;
  const failedAt = new Map<string, number>();
  const loaded = () => rendererReady.catch(() => null);
  // A page is rendered, and cached, for its path alone: no public page reads the query string,
  // and the tracking parameters a shared link picks up (?utm_source=line, fbclid) must not each
  // cost a render and a cache entry. The browser hydrates with the full URL. Japan's year is in
  // the key: the footer shows it, and a page cached on New Year's Eve must not outlive it.
  const keyOf = (pathname: string, mode: RenderTheme, manifest: string | undefined) =>
    `${pathname}\n${mode}\n${manifest ?? ''}\n${currentJapanYear()}`;
  let prunedFor: RegistryState | null = null;
  const pruneReleasesGone = () => {
    const state = releasesInService?.();
    if (!cache || !state || state === prunedFor) return;
    prunedFor = state;
    const served = new Set([state.lines.public_site ?? '', state.canaries.public_site?.manifestUrl ?? '']);
    cache.prune((key) => served.has(key.split('\n')[2]!));
  };

  return {
    async render({ pathname, theme, registry: served = registry() }) {
      const renderer = await loaded();
      if (!renderer?.serverRendered(pathname)) return null;
      // The release this visitor is served: the cache key, the render and X-Render all follow it.
      const manifest = served.public_site;
      if (manifest && Date.now() - (failedAt.get(manifest) ?? 0) < RETRY_AFTER_MS) return null;
      const version = await apiVersion.current();
      pruneReleasesGone();
      const mode = theme ?? 'light';
      try {
        const renderPage = pool ? pool.renderPage : renderer.renderPage;
        const render = () =>
          renderPage({
            url: pathname,
            origin: siteOrigin,
            theme: mode,
            publicSiteManifest: manifest,
            apiBaseUrl,
            apiVersion: isServiceVersion(version) ? version : undefined,
          });
        const { page, cache: state } = cache
          ? await cache.get(keyOf(pathname, mode, manifest), version, render)
          : { page: await render(), cache: 'miss' as const };
        // A slug the build's snapshot does not know is no proof that the article is gone while the
        // API fails: the visitor's browser asks the API itself (docs/server-rendering.md).
        if (page.degraded && page.status === 404) return null;
        return Object.assign({}, page, { cached: page, theme: mode, cache: state });
      } catch (error) {
        if (manifest) failedAt.set(manifest, Date.now());
        log(`server rendering of ${pathname} failed; sending the client-rendered page`, error);
        return null;
      }
    },
    async document(pathname) {
      if (!['/sitemap.xml', '/robots.txt', '/feed.xml'].includes(pathname)) return null;
      try {
        return await (await rendererReady).siteDocument(pathname, siteOrigin, apiBaseUrl);
      } catch (error) {
        log(`${pathname} could not be built`, error);
        return null;
      }
    },
    // The server listens once this thread's renderer and every render thread have loaded, and the
    // live public-site release with them: a just-started server's first pages are rendered, not
    // sent to the browser for want of a thread or a release (whose load can take longer than a
    // page may wait on a busy machine).
    ready: async () => {
      const renderer = (await Promise.all([loaded(), pool?.started()]))[0];
      const live = registry().public_site;
      if (!renderer || !live) return;
      // A shell build without loadRelease (older than this server) fails here, logged, as a failed load.
      const load = (async () => (pool ? pool.loadRelease(live) : renderer.loadRelease(live)))();
      await firstOf(
        load.catch((error: unknown) => log(`public-site (${live}) did not load; its pages go to the browser`, error)),
        RELEASE_LOAD_LIMIT_MS,
        () => log(`public-site (${live}) is still loading: listening, its pages go to the browser until it is done`),
      );
    },
    close: async () => {
      await pool?.close();
    },
  };
}
