import type { BusinessArticle } from 'shared-articles';
import { seedBusinessArticles } from 'shared-articles/seed';
import { asUser } from './support/testApp';
import { useTestApp } from './support/useTestApp';

const { send } = useTestApp();

describe('GET /api/business/articles', () => {
  it('lists the five business articles newest first for a signed-in user', async () => {
    const response = await send({ url: '/api/business/articles', headers: asUser });
    expect(response.statusCode).toBe(200);
    const articles = response.json<BusinessArticle[]>();
    expect(articles.map((article) => article.id)).toEqual(['biz005', 'biz004', 'biz003', 'biz002', 'biz001']);
    expect(articles.every((article) => article.businessId === 'biz001')).toBe(true);
  });
});

describe('GET /api/business/articles/:slug', () => {
  it('returns the article with its details link', async () => {
    const response = await send({ url: '/api/business/articles/genai-adoption-seminar', headers: asUser });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(seedBusinessArticles[0]);
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await send({ url: '/api/business/articles/unknown', headers: asUser });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: '記事が見つかりませんでした。' });
  });
});
