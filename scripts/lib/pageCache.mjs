// Rendered pages kept per (URL, theme, public-site release) and valid for one API version.
// When the version moves on, the first request waits a moment for the new page; if rendering
// takes longer (or fails), the page of the older version is served while its successor renders
// (stale while revalidating), so a re-render never holds a reader up.

const MAX_ENTRIES = 1000;
/** How long a request waits for a re-render before it gets the stale page. */
const REFRESH_GRACE_MS = 250;

const after = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export function createPageCache({ maxEntries = MAX_ENTRIES, graceMs = REFRESH_GRACE_MS } = {}) {
  /** @type {Map<string, { version: string, page: unknown }>} */
  const entries = new Map();
  const renders = new Map();

  const remember = (key, version, page) => {
    entries.delete(key);
    entries.set(key, { version, page });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value);
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
      const entry = entries.get(key);
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
    clear: () => entries.clear(),
    size: () => entries.size,
  };
}
