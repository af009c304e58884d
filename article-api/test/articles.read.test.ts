import type { Article } from 'shared-articles';
import { seedArticles } from 'shared-articles/seed';
import { useTestApp } from './support/useTestApp';

const { send } = useTestApp();

describe('GET /api/articles', () => {
  it('lists every article newest first, publicly', async () => {
    const response = await send({ method: 'GET', url: '/api/articles' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const articles = response.json<Article[]>();
    expect(articles).toHaveLength(21);
    expect(articles[0]).toMatchObject({ id: 22, date: '2025-10-16' });
    expect(articles.at(-1)).toMatchObject({ id: 1, date: '2025-01-15' });
  });
});

describe('GET /api/articles/:id', () => {
  it('returns the article', async () => {
    const response = await send({ method: 'GET', url: '/api/articles/12' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(seedArticles.find((article) => article.id === 12));
  });

  it('answers 404 in Japanese for an unknown id (7 was never seeded)', async () => {
    const response = await send({ method: 'GET', url: '/api/articles/7' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: '記事が見つかりませんでした。' });
  });

  it.each(['0', '-1', 'abc', '1.5', '01', '1e3', '99999999999999999999'])('answers 400 for id %s', async (id) => {
    const response = await send({ method: 'GET', url: `/api/articles/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: '記事IDは正の整数で指定してください。' });
  });
});

describe('GET /api/articles/slug/:slug', () => {
  it('returns the article with that slug', async () => {
    const response = await send({ method: 'GET', url: '/api/articles/slug/prompt-basics-5-tips' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 3, slug: 'prompt-basics-5-tips' });
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await send({ method: 'GET', url: '/api/articles/slug/no-such-article' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: '記事が見つかりませんでした。' });
  });
});
