import type { Article } from 'shared-articles';

/** What a test's route handler answers: a status and a JSON body, or a network failure. */
export type FakeReply = { status: number; body?: unknown } | 'network-error';

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export const API_BASE = 'http://localhost:3001/api';

/**
 * Replaces `fetch` with a tiny in-memory article-api: handlers are keyed by "METHOD /path"
 * (path below /api). Unknown routes answer 404. Every request is recorded for assertions.
 */
export function installFakeApi(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    const reply = handler ? await handler(request) : { status: 404, body: { error: '見つかりません。' } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      json: async () => reply.body,
    } as Response;
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return {
    requests,
    fetchMock,
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** A promise the test resolves when it wants the "server" to answer (to see in-flight states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function makeArticle(overrides: Partial<Article> & Pick<Article, 'id'>): Article {
  return {
    title: `記事${overrides.id}`,
    content: '<p>本文</p>',
    date: '2025-05-01',
    category: 'AI活用',
    tag: '',
    slug: `article-${overrides.id}`,
    relatedArticles: [],
    articleType: 'note',
    ...overrides,
  };
}
