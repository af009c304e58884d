import { ArticleApiError, createArticleClient } from './client';
import type { AdminUser, Article, ArticleInput, BusinessArticle, ServerInfo } from './types';

type FetchCall = [input: string, init: RequestInit];

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function clientWith(respond: (url: string) => Promise<Response>, getIdToken?: () => Promise<string | null>) {
  const fetchMock = jest.fn((input: string, _init: RequestInit) => respond(input));
  const client = createArticleClient({
    baseUrl: 'http://localhost:3001/api/',
    fetch: fetchMock as unknown as typeof fetch,
    getIdToken,
  });
  const calls = () => fetchMock.mock.calls as FetchCall[];
  return { client, calls };
}

async function caught(promise: Promise<unknown>): Promise<ArticleApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ArticleApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const input: ArticleInput = { title: 't', content: '<p>c</p>', category: 'c', date: '2025-05-30' };

const article: Article = {
  id: 1,
  title: 't',
  content: '<p>c</p>',
  date: '2025-05-30',
  category: 'c',
  tag: '',
  slug: 'article-1',
  relatedArticles: [],
  articleType: 'note',
};
const businessArticle: BusinessArticle = { ...article, id: 'b1', relatedArticles: [], businessId: 'acme' };
const adminUser: AdminUser = {
  uid: 'u1',
  email: 'admin@example.com',
  emailVerified: true,
  displayName: null,
  createdAt: null,
  lastSignInAt: null,
  isAdmin: true,
};
const serverInfo: ServerInfo = {
  adminEmails: ['admin@example.com'],
  authBackend: 'emulator',
  databasePath: 'articles.sqlite',
  version: '1.0.0',
};

/** A valid answer for each route, as article-api gives it. */
function validAnswer(url: string): unknown {
  if (url.endsWith('/business/articles')) return [businessArticle];
  if (url.includes('/business/articles/')) return businessArticle;
  if (url.endsWith('/admin/users')) return [adminUser];
  if (url.endsWith('/admin/info')) return serverInfo;
  if (url.endsWith('/articles')) return [article];
  return article;
}

describe('requests', () => {
  it('GETs the list from the base URL without a doubled slash and returns the JSON', async () => {
    const { client, calls } = clientWith(async () => jsonResponse(200, [article]));
    await expect(client.list()).resolves.toEqual([article]);
    expect(calls()[0]![0]).toBe('http://localhost:3001/api/articles');
    expect(calls()[0]![1].method).toBe('GET');
  });

  it('encodes slugs and builds each route', async () => {
    const { client, calls } = clientWith(async (url) => jsonResponse(200, validAnswer(url)));
    await client.get(5);
    await client.getBySlug('a b/c');
    await client.listBusiness();
    await client.getBusinessBySlug('ai-accounting-guide');
    await client.listUsers();
    await client.getServerInfo();
    expect(calls().map(([url]) => url.replace('http://localhost:3001/api', ''))).toEqual([
      '/articles/5',
      '/articles/slug/a%20b%2Fc',
      '/business/articles',
      '/business/articles/ai-accounting-guide',
      '/admin/users',
      '/admin/info',
    ]);
  });

  it('sends JSON bodies for create and update, and resolves DELETE 204 to undefined', async () => {
    const { client, calls } = clientWith(async () => jsonResponse(201, { ...article, id: 23 }));
    await client.create(input);
    await client.update(23, input);
    const [createUrl, createInit] = calls()[0]!;
    expect(createUrl).toBe('http://localhost:3001/api/articles');
    expect(createInit.method).toBe('POST');
    expect(JSON.parse(String(createInit.body))).toEqual(input);
    expect(new Headers(createInit.headers).get('Content-Type')).toBe('application/json');
    expect(calls()[1]![1].method).toBe('PUT');

    const deleting = clientWith(async () => new Response(null, { status: 204 }));
    await expect(deleting.client.remove(23)).resolves.toBeUndefined();
    expect(deleting.calls()[0]![1].method).toBe('DELETE');
  });

  it('attaches the ID token when there is one', async () => {
    const { client, calls } = clientWith(
      async () => jsonResponse(200, []),
      async () => 'token-123',
    );
    await client.list();
    expect(new Headers(calls()[0]![1].headers).get('Authorization')).toBe('Bearer token-123');
  });

  it('sends no Authorization header when signed out or when the token lookup fails', async () => {
    const signedOut = clientWith(
      async () => jsonResponse(200, []),
      async () => null,
    );
    await signedOut.client.list();
    expect(new Headers(signedOut.calls()[0]![1].headers).has('Authorization')).toBe(false);

    const failing = clientWith(
      async () => jsonResponse(200, []),
      async () => Promise.reject(new Error('expired')),
    );
    await failing.client.list();
    expect(new Headers(failing.calls()[0]![1].headers).has('Authorization')).toBe(false);
  });
});

describe('errors', () => {
  it("uses the response's error field and field messages", async () => {
    const { client } = clientWith(async () =>
      jsonResponse(400, { error: 'タイトルを入力してください。', fields: { title: 'タイトルを入力してください。' } }),
    );
    const error = await caught(client.create(input));
    expect(error.status).toBe(400);
    expect(error.message).toBe('タイトルを入力してください。');
    expect(error.fieldErrors).toEqual({ title: 'タイトルを入力してください。' });
  });

  it.each([
    ['load', (c: ReturnType<typeof createArticleClient>) => c.list(), '記事の取得に失敗しました。'],
    ['load by slug', (c: ReturnType<typeof createArticleClient>) => c.getBySlug('x'), '記事の取得に失敗しました。'],
    ['create', (c: ReturnType<typeof createArticleClient>) => c.create(input), '記事の作成に失敗しました。'],
    ['update', (c: ReturnType<typeof createArticleClient>) => c.update(1, input), '記事の更新に失敗しました。'],
    ['delete', (c: ReturnType<typeof createArticleClient>) => c.remove(1), '記事の削除に失敗しました。'],
  ])('%s falls back to the spec message when the body has no error field', async (_name, call, message) => {
    const { client } = clientWith(async () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await caught(call(client));
    expect(error).toMatchObject({ status: 502, message });
    expect(error.fieldErrors).toBeUndefined();
  });

  it('reports a network failure as status 0 with the fallback message', async () => {
    const { client } = clientWith(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(caught(client.remove(1))).resolves.toMatchObject({ status: 0, message: '記事の削除に失敗しました。' });
  });

  it('aborts after timeoutMs when one is given', async () => {
    const fetchMock = jest.fn(
      (_input: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createArticleClient({
      baseUrl: 'http://api',
      fetch: fetchMock as unknown as typeof fetch,
      timeoutMs: 20,
    });
    await expect(caught(client.list())).resolves.toMatchObject({ status: 0, message: '記事の取得に失敗しました。' });
  });

  it('passes no abort signal when no timeout is set', async () => {
    const { client, calls } = clientWith(async () => jsonResponse(200, []));
    await client.list();
    expect(calls()[0]![1].signal).toBeUndefined();
  });
});

describe('responses are checked against the contract', () => {
  const LOAD = '記事の取得に失敗しました。';
  it('returns what the contract describes, without fields it does not know', async () => {
    const { client } = clientWith(async () => jsonResponse(200, [{ ...article, internalNote: 'x' }]));
    await expect(client.list()).resolves.toEqual([article]);
    const routes = clientWith(async (url) => jsonResponse(200, validAnswer(url))).client;
    await expect(routes.listBusiness()).resolves.toEqual([businessArticle]);
    await expect(routes.listUsers()).resolves.toEqual([adminUser]);
    await expect(routes.getServerInfo()).resolves.toEqual(serverInfo);
  });

  it.each([
    ['an object instead of the list', (c: ReturnType<typeof createArticleClient>) => c.list(), { articles: [] }, LOAD],
    [
      'an article without a title',
      (c: ReturnType<typeof createArticleClient>) => c.get(1),
      { ...article, title: 7 },
      LOAD,
    ],
    [
      'a list with a broken entry',
      (c: ReturnType<typeof createArticleClient>) => c.list(),
      [article, { id: 'x' }],
      LOAD,
    ],
    [
      'a user without uid',
      (c: ReturnType<typeof createArticleClient>) => c.listUsers(),
      [{ email: null }],
      'ユーザー一覧の取得に失敗しました。',
    ],
  ])("rejects %s with the operation's Japanese message", async (_case, call, body, message) => {
    const { client } = clientWith(async () => jsonResponse(200, body));
    const error = await caught(call(client));
    expect(error.status).toBe(200);
    expect(error.malformedResponse).toBe(true);
    // The spec's fallback message for the operation, nothing appended (spec section 8).
    expect(error.message).toBe(message);
    expect(error.cause).toBeDefined();
  });

  it('says the same when a successful answer is not JSON at all', async () => {
    const { client } = clientWith(async () => new Response('<html>maintenance</html>', { status: 200 }));
    await expect(caught(client.getServerInfo())).resolves.toMatchObject({
      status: 200,
      malformedResponse: true,
      message: 'サーバー情報の取得に失敗しました。',
    });
  });

  it('marks HTTP errors and network failures as not malformed', async () => {
    const http = clientWith(async () => jsonResponse(404, { error: '記事が見つかりません。' }));
    await expect(caught(http.client.get(1))).resolves.toMatchObject({ status: 404, malformedResponse: false });
    const offline = clientWith(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(caught(offline.client.list())).resolves.toMatchObject({ status: 0, malformedResponse: false });
  });
});
