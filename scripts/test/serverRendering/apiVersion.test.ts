import { watchApiVersion } from '../../lib/apiVersion.mjs';

/**
 * The article API's change version as the shell server sees it: the ETag of the public list
 * (a conditional GET that answers 304 while nothing changed), a hash of the list when the API
 * sends no ETag, and 'unreachable' while it does not answer.
 */
const API = 'http://api.test/api';

/** A stand-in article API: the list, its ETag (or none), and whether it answers at all. */
function fakeApi(initial: { body: string; etag?: string }) {
  const api = { ...initial, up: true, status: 200 };
  const requests: { url: string; ifNoneMatch: string | null }[] = [];
  const fetchImpl = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const ifNoneMatch = new Headers(init?.headers).get('if-none-match');
    requests.push({ url: String(input), ifNoneMatch });
    if (!api.up) throw new TypeError('fetch failed');
    if (api.status !== 200) return new Response('error', { status: api.status });
    if (api.etag && ifNoneMatch === api.etag) return new Response(null, { status: 304 });
    return new Response(api.body, { status: 200, headers: api.etag ? { etag: api.etag } : {} });
  });
  return { api, requests, fetchImpl: fetchImpl as unknown as typeof fetch };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function watch(fetchImpl: typeof fetch) {
  const watcher = watchApiVersion(API, { intervalMs: 5, fetchImpl });
  stop = watcher.stop;
  return watcher;
}

/** Waits until `condition` holds (the watcher polls every 5 ms). */
async function eventually(condition: () => boolean, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('watchApiVersion', () => {
  it("is 'unknown' until the first answer, then the list's ETag", async () => {
    const { fetchImpl, requests } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    expect(watcher.current()).toBe('unknown');
    await watcher.ready();
    expect(watcher.current()).toBe('"v1"');
    expect(requests[0]).toEqual({ url: `${API}/articles`, ifNoneMatch: null });
  });

  it('asks conditionally and keeps the version on 304, then follows a change', async () => {
    const { api, fetchImpl, requests } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    await watcher.ready();
    await eventually(() => requests.length >= 3);
    expect(requests.slice(1).every((request) => request.ifNoneMatch === '"v1"')).toBe(true);
    expect(watcher.current()).toBe('"v1"');

    api.body = '[{"id":1}]';
    api.etag = '"v2"';
    await eventually(() => watcher.current() === '"v2"');
  });

  it('uses a hash of the list when the API sends no ETag', async () => {
    const { api, fetchImpl, requests } = fakeApi({ body: '[{"id":1}]' });
    const watcher = watch(fetchImpl);
    await watcher.ready();
    const first = watcher.current();
    expect(first).toMatch(/^[\w-]{20,}$/);
    await eventually(() => requests.length >= 3);
    expect(watcher.current()).toBe(first);
    expect(requests.every((request) => request.ifNoneMatch === null)).toBe(true);

    api.body = '[{"id":1},{"id":2}]';
    await eventually(() => watcher.current() !== first);
    expect(watcher.current()).toMatch(/^[\w-]{20,}$/);
  });

  it("is 'unreachable' while the API does not answer, and recovers when it does", async () => {
    const { api, fetchImpl, requests } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    await watcher.ready();
    api.up = false;
    await eventually(() => watcher.current() === 'unreachable');

    // Back with the same list: the ETag it had is not assumed (no If-None-Match), so a 304
    // cannot leave the version stuck at 'unreachable'.
    const failedSoFar = requests.length;
    api.up = true;
    await eventually(() => watcher.current() === '"v1"');
    expect(requests[failedSoFar]?.ifNoneMatch).toBeNull();
  });

  it("is 'unreachable' when the first request fails, and ready() still resolves", async () => {
    const { api, fetchImpl } = fakeApi({ body: '[]', etag: '"v1"' });
    api.up = false;
    const watcher = watch(fetchImpl);
    await watcher.ready();
    expect(watcher.current()).toBe('unreachable');
    api.up = true;
    await eventually(() => watcher.current() === '"v1"');
  });

  it('names an error status in the version, and recovers when the same list is back', async () => {
    const { api, fetchImpl } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    await watcher.ready();
    api.status = 503;
    await eventually(() => watcher.current() === 'http-503');
    // Back with the same list: a 304 must not leave the version at 'http-503'.
    api.status = 200;
    await eventually(() => watcher.current() === '"v1"');
  });

  it('polls once for any number of ready() calls, and stops polling on stop()', async () => {
    const { fetchImpl, requests } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    await Promise.all([watcher.ready(), watcher.ready(), watcher.ready()]);
    expect(requests).toHaveLength(1);
    await eventually(() => requests.length >= 2);
    watcher.stop();
    await new Promise((resolve) => setTimeout(resolve, 20)); // a poll already under way may finish
    const afterStop = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(afterStop);
  });
});
