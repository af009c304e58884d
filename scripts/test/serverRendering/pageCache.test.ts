import { createPageCache } from '../../lib/pageCache.mjs';
import { deferred } from './deferred';

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

  it('keeps serving the stale page when its re-render fails, and tries again', async () => {
    const cache = createPageCache({ graceMs: 1000 });
    await cache.get('/a', 'v1', async () => 'old');
    const failing = jest.fn(async () => {
      throw new Error('public-site is down');
    });
    // A failed re-render does not wait out the grace period.
    const started = Date.now();
    expect(await cache.get('/a', 'v2', failing)).toEqual({ page: 'old', cache: 'stale' });
    expect(Date.now() - started).toBeLessThan(500);
    expect(failing).toHaveBeenCalledTimes(1);

    expect(await cache.get('/a', 'v2', async () => 'recovered')).toEqual({ page: 'recovered', cache: 'refreshed' });
    expect(await cache.get('/a', 'v2', failing)).toEqual({ page: 'recovered', cache: 'hit' });
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

  it('empties on clear()', async () => {
    const cache = createPageCache();
    await cache.get('/a', 'v1', async () => 'A');
    cache.clear();
    expect(await cache.get('/a', 'v1', async () => 'A2')).toEqual({ page: 'A2', cache: 'miss' });
  });
});

/** Lets settled promises run their handlers (the background render stores its page). */
const flushPromises = () => new Promise((resolve) => setImmediate(resolve));
