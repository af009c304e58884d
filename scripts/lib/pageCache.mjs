// Rendered pages kept per (path, theme, public-site release) and valid for one API version.
// When the version moves on, the first request waits a moment for the new page; if rendering
// takes longer (or fails), the page of the older version is served while its successor renders
// (stale while revalidating), so a re-render never holds a reader up.
//
// Pages that say "not found" are kept in a smaller store of their own: any path can be asked for,
// and a crawler trying thousands of them (or one reader's typo a thousand times over) must not
// push the site's real pages out of the cache.

const MAX_ENTRIES = 1000;
const MAX_MISSING_ENTRIES = 100;
/** How long a request waits for a re-render before it gets the stale page. */
const REFRESH_GRACE_MS = 250;

const after = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * @param {object} [options]
 * @param {number} [options.maxEntries]         pages kept, the least recently used dropped first
 * @param {(page: any) => boolean} [options.isMissing]  a "not found" page (kept apart, up to maxMissing)
 * @param {number} [options.maxMissing]
 * @param {number} [options.graceMs]            how long a re-render may hold a request up
 */
export function createPageCache({
  maxEntries = MAX_ENTRIES,
  isMissing = () => false,
  maxMissing = MAX_MISSING_ENTRIES,
  graceMs = REFRESH_GRACE_MS,
} = {}) {
  /** @type {Map<string, { version: string, page: unknown }>} */
  const found = new Map();
  /** @type {Map<string, { version: string, page: unknown }>} */
  const missing = new Map();
  const renders = new Map();

  const remember = (key, version, page) => {
    found.delete(key);
    missing.delete(key);
    const [store, bound] = isMissing(page) ? [missing, maxMissing] : [found, maxEntries];
    store.set(key, { version, page });
    if (store.size > bound) store.delete(store.keys().next().value);
  };

  /** One render at a time per key; concurrent requests share it. */
  const renderOnce = (key, version, render) => {
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
    /**
     * The page for `key` at `version`: cached if current; re-rendered if the version moved on
     * (the older page if that takes longer than the grace period or fails); rendered now when
     * there is none.
     * @template T
     * @param {string} key
     * @param {string} version
     * @param {() => Promise<T>} render
     * @returns {Promise<{ page: T, cache: 'hit' | 'refreshed' | 'stale' | 'miss' }>}
     */
    async get(key, version, render) {
      const entry = found.get(key) ?? missing.get(key);
      // Re-stored on every read, so the bound drops the least recently used page, not the oldest.
      if (entry) remember(key, entry.version, entry.page);
      if (entry?.version === version) return { page: entry.page, cache: 'hit' };
      if (!entry) return { page: await renderOnce(key, version, render), cache: 'miss' };
      const fresh = renderOnce(key, version, render);
      fresh.catch(() => undefined);
      const refreshed = await Promise.race([
        fresh.then(
          (page) => ({ page }),
          () => null,
        ),
        after(graceMs).then(() => null),
      ]);
      return refreshed ? { page: refreshed.page, cache: 'refreshed' } : { page: entry.page, cache: 'stale' };
    },
    clear: () => {
      found.clear();
      missing.clear();
    },
    size: () => found.size + missing.size,
  };
}
