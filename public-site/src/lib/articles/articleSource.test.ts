import { makeArticle } from 'shared-articles/testing';
import { fakeFetch } from 'shared-data/testing';

const API = 'http://localhost:3001/api';
const older = makeArticle({ id: 1, slug: 'older', date: '2025-01-01' });
const newer = makeArticle({ id: 2, slug: 'newer', date: '2025-03-01' });
const snapshotOnly = makeArticle({ id: 3, slug: 'from-snapshot', date: '2025-02-01' });

/** A fresh copy of the module per test: the snapshot is cached per page load. */
async function load() {
  return import('./articleSource');
}

beforeEach(() => {
  jest.resetModules();
  window.localStorage.clear();
});

describe('fetchArticles', () => {
  it("returns the service's articles newest first", async () => {
    fakeFetch(({ url }) => (url === `${API}/articles` ? { status: 200, body: [older, newer] } : { status: 404 }));
    const { fetchArticles } = await load();
    expect((await fetchArticles()).map((a) => a.slug)).toEqual(['newer', 'older']);
  });

  it('leaves locally stored articles out: pages join them on read (queries.ts)', async () => {
    window.localStorage.setItem('articles', JSON.stringify([makeArticle({ id: 9, slug: 'mine' })]));
    fakeFetch(() => ({ status: 200, body: [older] }));
    const { fetchArticles } = await load();
    expect((await fetchArticles()).map((a) => a.slug)).toEqual(['older']);
  });

  it.each([
    ['a network error', 'network-error' as const],
    ['a 503', { status: 503, body: { error: '停止中' } }],
    ['an answer that breaks the article contract', { status: 200, body: [{ id: 'x', title: null }] }],
  ])('falls back to the build snapshot after %s', async (_case, apiAnswer) => {
    const fetchMock = fakeFetch(({ url }) =>
      url.endsWith('/articles-snapshot.json') ? { status: 200, body: [snapshotOnly] } : apiAnswer,
    );
    const { fetchArticles } = await load();
    expect((await fetchArticles()).map((a) => a.slug)).toEqual(['from-snapshot']);
    expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/\/articles-snapshot\.json$/));
  });

  it('does not fetch the snapshot while the service answers', async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, body: [older] }));
    const { fetchArticles } = await load();
    await fetchArticles();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("reports the service's error when the snapshot cannot be read either", async () => {
    fakeFetch(() => 'network-error');
    const { fetchArticles } = await load();
    await expect(fetchArticles()).rejects.toMatchObject({ status: 0, message: '記事の取得に失敗しました。' });
  });

  it('does not hide client errors (4xx) behind the snapshot', async () => {
    fakeFetch(({ url }) =>
      url.endsWith('.json') ? { status: 200, body: [snapshotOnly] } : { status: 429, body: { error: '多すぎます' } },
    );
    const { fetchArticles } = await load();
    await expect(fetchArticles()).rejects.toMatchObject({ status: 429, message: '多すぎます' });
  });
});

describe('fetchArticleBySlug', () => {
  it('loads the article from GET /articles/slug/:slug', async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, body: newer }));
    const { fetchArticleBySlug } = await load();
    expect(await fetchArticleBySlug('newer')).toEqual(newer);
    expect(fetchMock).toHaveBeenCalledWith(`${API}/articles/slug/newer`, expect.anything());
  });

  it('treats a 404 as not found, not as unreachable (no snapshot)', async () => {
    const fetchMock = fakeFetch(({ url }) =>
      url.endsWith('.json')
        ? { status: 200, body: [snapshotOnly] }
        : { status: 404, body: { error: '記事が見つかりません' } },
    );
    const { fetchArticleBySlug } = await load();
    expect(await fetchArticleBySlug('from-snapshot')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the snapshot when the service is unreachable', async () => {
    fakeFetch(({ url }) => (url.endsWith('.json') ? { status: 200, body: [snapshotOnly] } : 'network-error'));
    const { fetchArticleBySlug } = await load();
    expect(await fetchArticleBySlug('from-snapshot')).toEqual(snapshotOnly);
    expect(await fetchArticleBySlug('nowhere')).toBeNull();
  });
});
