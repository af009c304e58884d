import { isServiceVersion, watchApiVersion } from './apiVersion';
import { deferred } from '../testing/deferred';

/**
 * The article API's change version as the shell server sees it: the ETag of the public list
 * (a conditional GET answered 304 while nothing changed), a hash of the list when the API sends
 * no ETag, 'unreachable' while it does not answer. Asked when a page is requested and the last
 * answer is older than maxAgeMs; concurrent requests share one question.
 */
const API = 'http://api.test/api';

/** A stand-in article API: the list, its ETag (or none), its status, and whether it answers at all. */
function fakeApi(initial: { body: string; etag?: string }) {
  const api = { ...initial, up: true, status: 200, hang: false };
  const requests: { url: string; ifNoneMatch: string | null }[] = [];
  const fetchImpl = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const ifNoneMatch = new Headers(init?.headers).get('if-none-match');
    requests.push({ url: String(input), ifNoneMatch });
    if (api.hang) {
      // Never answers; only the caller's timeout ends the request.
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    }
    if (!api.up) throw new TypeError('fetch failed');
    if (api.status !== 200) return new Response('error', { status: api.status });
    if (api.etag && ifNoneMatch === api.etag) return new Response(null, { status: 304 });
    return new Response(api.body, { status: 200, headers: api.etag ? { etag: api.etag } : {} });
  });
  return { api, requests, fetchImpl: fetchImpl as unknown as typeof fetch };
}

/** A watcher on a clock the test moves; every call to `later()` is past maxAgeMs. */
function watch(fetchImpl: typeof fetch, options: { timeoutMs?: number } = {}) {
  let clock = 0;
  const watcher = watchApiVersion(API, { maxAgeMs: 100, fetchImpl, now: () => clock, ...options });
  return {
    current: () => watcher.current(),
    later: () => {
      clock += 101;
      return watcher.current();
    },
    tick: (ms: number) => (clock += ms),
  };
}

describe('watchApiVersion', () => {
  it("answers with the list's ETag, asked unconditionally the first time", async () => {
    const { fetchImpl, requests } = fakeApi({ body: '[]', etag: '"v1"' });
    expect(await watch(fetchImpl).current()).toBe('"v1"');
    expect(requests).toEqual([{ url: `${API}/articles`, ifNoneMatch: null }]);
  });

  it('asks again only once the last answer is older than maxAgeMs', async () => {
    const { fetchImpl, requests } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    await watcher.current();
    watcher.tick(100);
    expect(await watcher.current()).toBe('"v1"');
    expect(requests).toHaveLength(1);
    watcher.tick(1);
    await watcher.current();
    expect(requests).toHaveLength(2);
  });

  it('shares one question among concurrent requests', async () => {
    const { fetchImpl, requests } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    expect(await Promise.all([watcher.current(), watcher.current(), watcher.current()])).toEqual([
      '"v1"',
      '"v1"',
      '"v1"',
    ]);
    expect(requests).toHaveLength(1);
  });

  it('asks conditionally, keeps the version on 304 and follows a change', async () => {
    const { api, fetchImpl, requests } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    await watcher.current();
    expect(await watcher.later()).toBe('"v1"');
    expect(requests[1]?.ifNoneMatch).toBe('"v1"');

    api.body = '[{"id":1}]';
    api.etag = '"v2"';
    expect(await watcher.later()).toBe('"v2"');
  });

  it('uses a hash of the list when the API sends no ETag', async () => {
    const { api, fetchImpl, requests } = fakeApi({ body: '[{"id":1}]' });
    const watcher = watch(fetchImpl);
    const first = await watcher.current();
    expect(first).toMatch(/^[\w-]{20,}$/);
    expect(await watcher.later()).toBe(first);
    expect(requests.every((request) => request.ifNoneMatch === null)).toBe(true);

    api.body = '[{"id":1},{"id":2}]';
    const changed = await watcher.later();
    expect(changed).not.toBe(first);
    expect(changed).toMatch(/^[\w-]{20,}$/);
  });

  it("is 'unreachable' while the API does not answer, and recovers when it does", async () => {
    const { api, fetchImpl, requests } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    await watcher.current();
    api.up = false;
    expect(await watcher.later()).toBe('unreachable');

    // Back with the same list: the old ETag is not sent, so a 304 cannot keep 'unreachable'.
    api.up = true;
    expect(await watcher.later()).toBe('"v1"');
    expect(requests.at(-1)?.ifNoneMatch).toBeNull();
  });

  it("is 'unreachable' when the API does not answer within timeoutMs", async () => {
    const { api, fetchImpl } = fakeApi({ body: '[]', etag: '"v1"' });
    api.hang = true;
    const started = Date.now();
    expect(await watch(fetchImpl, { timeoutMs: 50 }).current()).toBe('unreachable');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('names an error status in the version, and recovers when the same list is back', async () => {
    const { api, fetchImpl } = fakeApi({ body: '[]', etag: '"v1"' });
    const watcher = watch(fetchImpl);
    await watcher.current();
    api.status = 503;
    expect(await watcher.later()).toBe('http-503');
    api.status = 200;
    expect(await watcher.later()).toBe('"v1"');
  });

  it('asks afresh after a question that is still under way has answered', async () => {
    const answer = deferred<Response>();
    const fetchImpl = jest.fn(() => answer.promise);
    const watcher = watch(fetchImpl as unknown as typeof fetch);
    const waiting = watcher.current();
    watcher.tick(500); // a slow answer: its age counts from when it arrived
    answer.resolve(new Response('[]', { headers: { etag: '"slow"' } }));
    expect(await waiting).toBe('"slow"');
    expect(await watcher.current()).toBe('"slow"');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('isServiceVersion', () => {
  it('is true for a version the API gave (an ETag or a hash of the list), false for the stand-ins', () => {
    expect(['"v1"', 'W/"abc"', 'q2X_hash-base64url'].every(isServiceVersion)).toBe(true);
    expect(['unknown', 'unreachable', 'http-503', 'http-404'].some(isServiceVersion)).toBe(false);
  });
});
