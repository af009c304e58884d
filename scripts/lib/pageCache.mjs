// Rendered pages kept per (URL, theme, public-site release) and valid for one API version.
// A page rendered for an older version is still served while its successor renders (stale while
// revalidating), so no reader waits for a re-render and every reader sees the edit on the next load.

const MAX_ENTRIES = 1000;

export function createPageCache({ maxEntries = MAX_ENTRIES } = {}) {
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
     * The page for `key` at `version`: cached if current, cached-but-stale while a fresh one
     * renders in the background, or rendered now when there is none.
     * @template T
     * @param {string} key
     * @param {string} version
     * @param {() => Promise<T>} render
     * @returns {Promise<{ page: T, cache: 'hit' | 'stale' | 'miss' }>}
     */
    async get(key, version, render) {
      const entry = entries.get(key);
      // Re-stored on every read, so the bound drops the least recently used page, not the oldest.
      if (entry) remember(key, entry.version, entry.page);
      if (entry?.version === version) return { page: entry.page, cache: 'hit' };
      if (entry) {
        renderOnce(key, version, render).catch(() => undefined);
        return { page: entry.page, cache: 'stale' };
      }
      return { page: await renderOnce(key, version, render), cache: 'miss' };
    },
    clear: () => entries.clear(),
    size: () => entries.size,
  };
}
