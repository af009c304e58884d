import { defaultRuntimeConfig } from 'shared-core';

/** What the fake server answers: a status and a JSON body, or no answer at all. */
export type FakeReply = { status: number; body?: unknown } | 'network-error';

export interface FakeRequest {
  method: string;
  /** The URL as requested. */
  url: string;
  /** Below a local service's base (`/articles` for …/api/articles); any other URL's pathname. */
  path: string;
  headers: Headers;
  body: unknown;
}

export type FakeRoute = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeFetch extends jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]> {
  /** Every request, in order. */
  requests: FakeRequest[];
  /** The requests sent to one route. */
  sent: (method: string, path: string) => FakeRequest[];
}

/** The local services' bases: the article API and the release service. */
const services = [
  defaultRuntimeConfig('localhost').apiBaseUrl,
  defaultRuntimeConfig('localhost').releaseServiceUrl,
].map((base) => new URL(base));

function pathOf(url: URL): string {
  const base = services.find((api) => url.origin === api.origin && url.pathname.startsWith(`${api.pathname}/`));
  return base ? url.pathname.slice(base.pathname.length) : url.pathname;
}

function bodyOf(init: RequestInit): unknown {
  if (typeof init.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

const notFound: FakeReply = { status: 404, body: { error: '見つかりません。' } };

/**
 * Replaces `fetch` for the test: `routes` is either one function that answers every request, or
 * answers keyed by "METHOD /path" (unknown routes answer 404). A 'network-error' reply rejects
 * as a browser does. The returned mock records every request.
 */
export function fakeFetch(routes: FakeRoute | Record<string, FakeRoute>): FakeFetch {
  const requests: FakeRequest[] = [];
  const answer: FakeRoute =
    typeof routes === 'function'
      ? routes
      : (request) => routes[`${request.method} ${request.path}`]?.(request) ?? notFound;
  const mock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'object' && 'url' in input ? input.url : String(input);
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      url,
      path: pathOf(new URL(url, 'http://localhost/')),
      headers: new Headers(init.headers),
      body: bodyOf(init),
    };
    requests.push(request);
    const reply = await answer(request);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      json: async () => reply.body,
      text: async () => (typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)),
    } as Response;
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  const sent = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return Object.assign(mock, { requests, sent });
}

/** A promise the test resolves when it wants the fake server to answer (to see in-flight states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
