// Rendered pages kept per key (path, theme, public-site release, Japan's year) and valid for one
// API version. When the version moves on, the first request waits a moment for the new page; if
// rendering takes longer (or fails), the page of the older version is served while its successor
// renders (stale while revalidating), so a re-render never holds a reader up.
//
// Bounded twice, least recently used first (lru-cache): pages that say "not found" are kept in a
// smaller store of their own, since any path can be asked for and a crawler trying thousands of
// them must not push the site's real pages out. Two lifetimes: a page rendered while the API
// failed (degraded, from the build's snapshot) is kept for seconds and never counts as the page
// of a healthy version; any other page is re-rendered after `maxAgeMs` at the latest.
import { LRUCache } from 'lru-cache';

const MAX_ENTRIES = 1000;
const MAX_MISSING_ENTRIES = 100;
/** How long a request waits for a re-render before it gets the stale page. */
const REFRESH_GRACE_MS = 250;
/** A degraded page is served from the cache this long at most (then rendered again). */
export const DEGRADED_MAX_AGE_MS = 5000;
/** A healthy page is rendered again after this long even if nothing changed. */
const MAX_AGE_MS = 60 * 60 * 1000;

export type CacheState = 'hit' | 'refreshed' | 'stale' | 'miss';

interface Entry<T> {
  version: string;
  page: T;
  expiresAt: number;
  degraded: boolean;
}

const after = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref());

export interface PageCacheOptions<T> {
  /** pages kept, the least recently used dropped first */
  maxEntries?: number;
  /** a "not found" page (kept apart, up to maxMissing) */
  isMissing?: (page: T) => boolean;
  /** a page rendered without the API (short-lived, never current for a healthy version) */
  isDegraded?: (page: T) => boolean;
  maxMissing?: number;
  /** how long a re-render may hold a request up */
  graceMs?: number;
  maxAgeMs?: number;
  degradedMaxAgeMs?: number;
  /**
   * A re-render failed while an older page of its key was at hand and is served instead: the
   * caller logs it, or a page stuck on an old version (every re-render failing) would go unseen.
   */
  onRefreshFailed?: (key: string, error: unknown) => void;
  now?: () => number;
}

export interface PageCache<T> {
  /**
   * The page for `key` at `version`: cached if current; re-rendered if the version moved on or
   * the page expired (the older page if that takes longer than the grace period or fails;
   * never an expired degraded one); rendered now when there is none.
   */
  get(key: string, version: string, render: () => Promise<T>): Promise<{ page: T; cache: CacheState }>;
  /** Drops every page whose key `keep` refuses (the pages of a release no longer served). */
  prune(keep: (key: string) => boolean): void;
  clear(): void;
  size(): number;
}

export function createPageCache<T>({
  maxEntries = MAX_ENTRIES,
  isMissing = () => false,
  isDegraded = () => false,
  maxMissing = MAX_MISSING_ENTRIES,
  graceMs = REFRESH_GRACE_MS,
  maxAgeMs = MAX_AGE_MS,
  degradedMaxAgeMs = DEGRADED_MAX_AGE_MS,
  onRefreshFailed = () => undefined,
  now = Date.now,
}: PageCacheOptions<T> = {}): PageCache<T> {
  const found = new LRUCache<string, Entry<T>>({ max: maxEntries });
  const missing = new LRUCache<string, Entry<T>>({ max: maxMissing });
  const renders = new Map<string, Promise<T>>();

  const remember = (key: string, version: string, page: T) => {
    const degraded = isDegraded(page);
    const entry = { version, page, degraded, expiresAt: now() + (degraded ? degradedMaxAgeMs : maxAgeMs) };
    found.delete(key);
    missing.delete(key);
    (isMissing(page) ? missing : found).set(key, entry);
  };

  /** One render at a time per key; concurrent requests share it. */
  const renderOnce = (key: string, version: string, render: () => Promise<T>) => {
    const pending = renders.get(key);
    if (pending) return pending;
    const promise = render()
      .then((page) => {
        remember(key, version, page);
        return page;
      })
      .finally(() => renders.delete(key));
    renders.set(key, promise);
    return promise;
  };

  return {
    async get(key, version, render) {
      // get() marks the entry as recently used, so the bound drops the least recently used page.
      const entry = found.get(key) ?? missing.get(key);
      const expired = entry !== undefined && now() >= entry.expiresAt;
      if (entry && !expired && entry.version === version) return { page: entry.page, cache: 'hit' };
      // A degraded page expires within seconds and is never served past that, even as stale.
      if (!entry || (expired && entry.degraded)) return { page: await renderOnce(key, version, render), cache: 'miss' };
      const joined = renders.has(key);
      const fresh = renderOnce(key, version, render);
      // Reported once per render, by the request that started it (others joined it).
      fresh.catch((error: unknown) => {
        if (!joined) onRefreshFailed(key, error);
      });
      const refreshed = await Promise.race([
        fresh.then(
          (page) => ({ page }),
          () => null,
        ),
        after(graceMs),
      ]);
      return refreshed ? { page: refreshed.page, cache: 'refreshed' } : { page: entry.page, cache: 'stale' };
    },
    prune: (keep) => {
      for (const store of [found, missing]) for (const key of [...store.keys()]) if (!keep(key)) store.delete(key);
    },
    clear: () => {
      found.clear();
      missing.clear();
    },
    size: () => found.size + missing.size,
  };
}
