import { createPageCache } from './pageCache';
import { deferred } from '../testing/deferred';

/**
 * The shell server's cache of rendered pages: one render per key at a time, the previous page
 * served while a newer API version renders, and a bounded number of pages.
 */
describe('page cache', () => {
  it('renders on a miss and serves the same page while the version holds', async () => {
    const cache = createPageCache();
    const render = jest.fn(async () => 'page v1');
    expect(await cache.get('/a', 'v1', render)).toEqual({ page: 'page v1', cache: 'miss' });
    expect(await cache.get('/a', 'v1', render)).toEqual({ page: 'page v1', cache: 'hit' });
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps pages apart by key', async () => {
    const cache = createPageCache();
    await cache.get('/a', 'v1', async () => 'A');
    expect(await cache.get('/b', 'v1', async () => 'B')).toEqual({ page: 'B', cache: 'miss' });
    expect(await cache.get('/a', 'v1', async () => 'not rendered')).toEqual({ page: 'A', cache: 'hit' });
  });

  it('renders once for concurrent requests of the same key', async () => {
    const cache = createPageCache();
    const rendering = deferred<string>();
    const render = jest.fn(() => rendering.promise);
    const requests = Promise.all([cache.get('/a', 'v1', render), cache.get('/a', 'v1', render)]);
    rendering.resolve('page');
    expect(await requests).toEqual([
      { page: 'page', cache: 'miss' },
      { page: 'page', cache: 'miss' },
    ]);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('serves the new version when it renders within the grace period', async () => {
    const cache = createPageCache({ graceMs: 1000 });
    await cache.get('/a', 'v1', async () => 'old');
    const started = Date.now();
    expect(await cache.get('/a', 'v2', async () => 'new')).toEqual({ page: 'new', cache: 'refreshed' });
    expect(Date.now() - started).toBeLessThan(500);
    expect(await cache.get('/a', 'v2', async () => 'unused')).toEqual({ page: 'new', cache: 'hit' });
  });

  it('serves the stale page after the grace period while the new version renders, then the new one', async () => {
    const cache = createPageCache({ graceMs: 20 });
    await cache.get('/a', 'v1', async () => 'old');
    const rendering = deferred<string>();
    const render = jest.fn(() => rendering.promise);

    expect(await cache.get('/a', 'v2', render)).toEqual({ page: 'old', cache: 'stale' });
    // A second reader during the re-render: still the old page, and no second render.
    expect(await cache.get('/a', 'v2', render)).toEqual({ page: 'old', cache: 'stale' });
    expect(render).toHaveBeenCalledTimes(1);

    rendering.resolve('new');
    await flushPromises();
    expect(await cache.get('/a', 'v2', render)).toEqual({ page: 'new', cache: 'hit' });
  });

  it('keeps serving the stale page when its re-render fails, says so, and tries again', async () => {
    const onRefreshFailed = jest.fn();
    const cache = createPageCache({ graceMs: 1000, onRefreshFailed });
    await cache.get('/a', 'v1', async () => 'old');
    const failure = new Error('public-site is down');
    const failing = jest.fn(async () => {
      throw failure;
    });
    // A failed re-render does not wait out the grace period.
    const started = Date.now();
    expect(await cache.get('/a', 'v2', failing)).toEqual({ page: 'old', cache: 'stale' });
    expect(Date.now() - started).toBeLessThan(500);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(onRefreshFailed).toHaveBeenCalledWith('/a', failure);

    expect(await cache.get('/a', 'v2', async () => 'recovered')).toEqual({ page: 'recovered', cache: 'refreshed' });
    expect(await cache.get('/a', 'v2', failing)).toEqual({ page: 'recovered', cache: 'hit' });
  });

  it('reports a failed re-render once, however many requests were waiting on it', async () => {
    const onRefreshFailed = jest.fn();
    const cache = createPageCache({ graceMs: 10, onRefreshFailed });
    await cache.get('/a', 'v1', async () => 'old');
    const rendering = deferred<string>();
    const waiting = [1, 2, 3].map(() => cache.get('/a', 'v2', () => rendering.promise));
    expect(await Promise.all(waiting)).toEqual([1, 2, 3].map(() => ({ page: 'old', cache: 'stale' })));
    rendering.reject(new Error('render timed out'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(await cache.get('/a', 'v2', async () => 'new')).toEqual({ page: 'new', cache: 'refreshed' });
  });

  it('rejects a miss whose render fails, and renders afresh next time', async () => {
    const cache = createPageCache();
    await expect(
      cache.get('/a', 'v1', async () => {
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    expect(cache.size()).toBe(0);
    expect(await cache.get('/a', 'v1', async () => 'page')).toEqual({ page: 'page', cache: 'miss' });
  });

  it('holds at most maxEntries pages, dropping the least recently used', async () => {
    const cache = createPageCache({ maxEntries: 2 });
    await cache.get('/a', 'v1', async () => 'A');
    await cache.get('/b', 'v1', async () => 'B');
    await cache.get('/a', 'v1', async () => 'unused'); // /a read again: /b is now the least recent
    await cache.get('/c', 'v1', async () => 'C');
    expect(cache.size()).toBe(2);
    expect((await cache.get('/a', 'v1', async () => 'unused')).cache).toBe('hit');
    expect((await cache.get('/c', 'v1', async () => 'unused')).cache).toBe('hit');
    expect((await cache.get('/b', 'v1', async () => 'B again')).cache).toBe('miss');
  });

  describe('"not found" pages', () => {
    const isMissing = (page: string) => page.startsWith('404');

    it('are kept apart: any number of unknown paths leaves the real pages cached', async () => {
      const cache = createPageCache({ maxEntries: 2, isMissing, maxMissing: 3 });
      await cache.get('/a', 'v1', async () => 'A');
      await cache.get('/b', 'v1', async () => 'B');
      for (let i = 0; i < 50; i++) await cache.get(`/wp-admin/${i}`, 'v1', async () => '404 page');
      expect(cache.size()).toBe(2 + 3);
      expect((await cache.get('/a', 'v1', async () => 'unused')).cache).toBe('hit');
      expect((await cache.get('/b', 'v1', async () => 'unused')).cache).toBe('hit');
      // The most recent unknown paths are still answered from the cache; the oldest are gone.
      expect((await cache.get('/wp-admin/49', 'v1', async () => 'unused')).cache).toBe('hit');
      expect((await cache.get('/wp-admin/0', 'v1', async () => '404 page')).cache).toBe('miss');
    });

    it('move between the stores when a page starts or stops being found', async () => {
      const cache = createPageCache({ maxEntries: 1, isMissing, maxMissing: 1, graceMs: 1000 });
      await cache.get('/articles/new', 'v1', async () => '404 page');
      // The article is published: its page is found from the next version on…
      expect(await cache.get('/articles/new', 'v2', async () => 'article')).toEqual({
        page: 'article',
        cache: 'refreshed',
      });
      // …and an unknown path stored after it does not push it out.
      await cache.get('/nope', 'v2', async () => '404 page');
      expect((await cache.get('/articles/new', 'v2', async () => 'unused')).cache).toBe('hit');
      expect(cache.size()).toBe(2);
      // Deleted: the page is "not found" again, and no longer holds the real page's place.
      await cache.get('/articles/new', 'v3', async () => '404 page');
      await cache.get('/about', 'v3', async () => 'about');
      expect((await cache.get('/articles/new', 'v3', async () => 'unused')).cache).toBe('hit');
      expect((await cache.get('/about', 'v3', async () => 'unused')).cache).toBe('hit');
    });
  });

  describe('lifetimes', () => {
    const isDegraded = (page: string) => page.startsWith('degraded');

    it('keeps a page rendered while the API failed for seconds only, then renders it afresh', async () => {
      let now = 0;
      const cache = createPageCache({ isDegraded, degradedMaxAgeMs: 5000, now: () => now });
      await cache.get('/a', 'v1', async () => 'degraded A');
      now = 4999;
      expect(await cache.get('/a', 'v1', async () => 'unused')).toEqual({ page: 'degraded A', cache: 'hit' });
      now = 5000;
      // Expired: rendered now, never served as a stale page while it renders.
      expect(await cache.get('/a', 'v1', async () => 'A')).toEqual({ page: 'A', cache: 'miss' });
      now = 60_000;
      expect(await cache.get('/a', 'v1', async () => 'unused')).toEqual({ page: 'A', cache: 'hit' });
    });

    it('renders a healthy page again after its lifetime, serving the old one meanwhile', async () => {
      let now = 0;
      const cache = createPageCache({ maxAgeMs: 1000, graceMs: 20, now: () => now });
      await cache.get('/a', 'v1', async () => 'A1');
      now = 1000;
      const rendering = deferred<string>();
      expect(await cache.get('/a', 'v1', () => rendering.promise)).toEqual({ page: 'A1', cache: 'stale' });
      rendering.resolve('A2');
      await flushPromises();
      expect(await cache.get('/a', 'v1', async () => 'unused')).toEqual({ page: 'A2', cache: 'hit' });
    });
  });

  it('drops the pages prune() refuses, "not found" pages included, and keeps the others', async () => {
    const cache = createPageCache<string>({ isMissing: (page) => page.startsWith('404') });
    await cache.get('/a\ncanary', 'v1', async () => 'A canary');
    await cache.get('/missing\ncanary', 'v1', async () => '404 canary');
    await cache.get('/a\nlive', 'v1', async () => 'A live');
    cache.prune((key) => key.endsWith('\nlive'));
    expect(cache.size()).toBe(1);
    expect(await cache.get('/a\nlive', 'v1', async () => 'unused')).toEqual({ page: 'A live', cache: 'hit' });
    expect(await cache.get('/a\ncanary', 'v1', async () => 'A canary 2')).toEqual({
      page: 'A canary 2',
      cache: 'miss',
    });
  });

  it('empties on clear()', async () => {
    const cache = createPageCache();
    await cache.get('/a', 'v1', async () => 'A');
    cache.clear();
    expect(await cache.get('/a', 'v1', async () => 'A2')).toEqual({ page: 'A2', cache: 'miss' });
  });
});

/** Lets settled promises run their handlers (the background render stores its page). */
const flushPromises = () => new Promise((resolve) => setImmediate(resolve));
