import type { Article } from 'shared-articles';
import { asAdmin, validInput } from './support/testApp';
import { useTestApp } from './support/useTestApp';

// Each test starts from the seeded articles: they assert the ids and slugs a write gives.
const { send } = useTestApp({ per: 'test' });

const post = (payload: object) => send({ method: 'POST', url: '/api/articles', headers: asAdmin, payload });
const put = (id: number | string, payload: object) =>
  send({ method: 'PUT', url: `/api/articles/${id}`, headers: asAdmin, payload });
const get = (id: number) => send({ method: 'GET', url: `/api/articles/${id}` });

describe('POST /api/articles', () => {
  it('creates the article: 201, Location, the stored article, first in the list', async () => {
    const response = await post({ ...validInput, tag: '暮らし, 時短', relatedArticles: [4, 8] });
    expect(response.statusCode).toBe(201);
    const created = response.json<Article>();
    expect(created).toEqual({
      id: 23,
      ...validInput,
      slug: 'article-23',
      tag: '暮らし,時短',
      relatedArticles: [4, 8],
      articleType: 'note',
    });
    expect(response.headers.location).toBe('/api/articles/23');
    expect((await get(23)).json()).toEqual(created);
    const list = (await send({ method: 'GET', url: '/api/articles' })).json<Article[]>();
    expect(list[0]).toEqual(created);
  });

  it('derives the slug from a Latin title and numbers repeats', async () => {
    expect((await post({ ...validInput, title: 'Prompt Tips' })).json<Article>().slug).toBe('prompt-tips');
    expect((await post({ ...validInput, title: 'Prompt  Tips!' })).json<Article>().slug).toBe('prompt-tips-2');
  });

  it('gives concurrent creates of one Latin title distinct slugs instead of a 409', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => post({ ...validInput, title: 'Race Tips' })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    const slugs = responses.map((response) => response.json<Article>().slug).sort();
    expect(slugs).toEqual(['race-tips', 'race-tips-2', 'race-tips-3', 'race-tips-4', 'race-tips-5', 'race-tips-6']);
  });

  it('keeps an explicit slug and answers 409 when it is taken', async () => {
    expect((await post({ ...validInput, slug: 'my-slug' })).json<Article>().slug).toBe('my-slug');
    const duplicate = await post({ ...validInput, slug: 'what-is-generative-ai' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: 'このスラッグは既に使われています。別のスラッグを指定してください。',
      fields: { slug: 'このスラッグは既に使われています。別のスラッグを指定してください。' },
    });
  });

  it('answers 400 naming related ids that do not exist', async () => {
    const response = await post({ ...validInput, relatedArticles: [1, 7, 99] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: '関連記事に存在しない記事IDが含まれています: 7, 99',
      fields: { relatedArticles: '関連記事に存在しない記事IDが含まれています: 7, 99' },
    });
  });

  it('sanitises the HTML before storing it', async () => {
    const content =
      '<iframe src="https://www.youtube.com/embed/Qm7xK2pLd9A"></iframe><p onclick="x()">本文<script>alert(1)</script></p>' +
      '<iframe src="https://evil.example/x"></iframe><a href="javascript:alert(1)">a</a><img src="y.jpg" onerror="alert(1)">';
    const created = (await post({ ...validInput, content })).json<Article>();
    expect(created.content).toBe(
      '<iframe src="https://www.youtube.com/embed/Qm7xK2pLd9A"></iframe><p>本文</p><a>a</a><img src="y.jpg">',
    );
    expect((await get(created.id)).json<Article>().content).toBe(created.content);
  });

  it('refuses content that sanitising leaves empty', async () => {
    const response = await post({ ...validInput, content: '<script>alert(1)</script>' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: '本文を入力してください。',
      fields: { content: '本文を入力してください。' },
    });
  });
});

describe('PUT /api/articles/:id', () => {
  it('replaces the whole article and keeps its slug when none is sent', async () => {
    const response = await put(1, { ...validInput, title: '更新したタイトル', articleType: 'youtube' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 1,
      ...validInput,
      title: '更新したタイトル',
      slug: 'what-is-generative-ai',
      tag: '',
      relatedArticles: [],
      articleType: 'youtube',
    });
    expect((await get(1)).json<Article>().title).toBe('更新したタイトル');
  });

  it('accepts its own slug, refuses another article’s with 409', async () => {
    expect((await put(1, { ...validInput, slug: 'what-is-generative-ai' })).statusCode).toBe(200);
    expect((await put(1, { ...validInput, slug: 'ai-meal-planning' })).statusCode).toBe(409);
  });

  it('drops the article itself from its related list', async () => {
    expect((await put(3, { ...validInput, relatedArticles: [3, 1] })).json<Article>().relatedArticles).toEqual([1]);
  });

  it('answers 404 for an unknown id and 400 for an invalid one', async () => {
    expect((await put(7, validInput)).json()).toEqual({ error: '記事が見つかりませんでした。' });
    expect((await put(7, validInput)).statusCode).toBe(404);
    expect((await put('x', validInput)).statusCode).toBe(400);
  });

  it('validates the body like POST', async () => {
    const response = await put(1, { ...validInput, title: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'タイトルを入力してください。',
      fields: { title: 'タイトルを入力してください。' },
    });
  });
});

describe('DELETE /api/articles/:id', () => {
  it('deletes: 204 with no body, then 404', async () => {
    const response = await send({ method: 'DELETE', url: '/api/articles/2', headers: asAdmin });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await get(2)).statusCode).toBe(404);
    expect((await send({ method: 'DELETE', url: '/api/articles/2', headers: asAdmin })).statusCode).toBe(404);
  });

  it('removes the id from related lists, so re-saving those articles still validates', async () => {
    await send({ method: 'DELETE', url: '/api/articles/2', headers: asAdmin });
    const referencing = (await get(3)).json<Article>();
    expect(referencing.relatedArticles).toEqual([1, 10]);
    const { id, slug, ...rest } = referencing;
    expect((await put(id, { ...rest, slug })).statusCode).toBe(200);
  });

  it('answers 400 for an invalid id', async () => {
    expect((await send({ method: 'DELETE', url: '/api/articles/0', headers: asAdmin })).statusCode).toBe(400);
  });
});

describe('the cached public list', () => {
  const list = async () => (await send({ method: 'GET', url: '/api/articles' })).json<Article[]>();

  it('reflects every create, update and delete at once', async () => {
    expect((await list()).map((a) => a.id)).not.toContain(23); // warms the cache
    const created = (await post({ ...validInput, title: '一覧キャッシュの確認' })).json<Article>();
    expect((await list())[0]).toEqual(created);

    await put(created.id, { ...validInput, title: '更新後のタイトル' });
    expect((await list()).find((a) => a.id === created.id)?.title).toBe('更新後のタイトル');

    await send({ method: 'DELETE', url: `/api/articles/${created.id}`, headers: asAdmin });
    expect((await list()).map((a) => a.id)).not.toContain(created.id);
  });

  it('is answered as JSON', async () => {
    const response = await send({ method: 'GET', url: '/api/articles' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
