export { makeArticle } from 'shared-articles/testing';

type Route = (url: string) => { status: number; body?: unknown } | 'network-error';

/** Replaces fetch: `route` decides each answer by URL. Returns the mock for call assertions. */
export function mockFetch(route: Route): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const answer = route(url);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: async () => answer.body,
    } as Response;
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}
