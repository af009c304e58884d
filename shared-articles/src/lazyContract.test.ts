import { makeArticle } from './testing';

// The contract (zod/mini) is a chunk loaded on demand; here its load is made to fail the way a
// chunk request fails offline, in a fresh module registry per test.
async function withContract(load: () => unknown, test: () => Promise<void>): Promise<void> {
  await jest.isolateModulesAsync(async () => {
    jest.doMock('./contract', load);
    await test();
  });
}

const failing = () => {
  throw new Error('ChunkLoadError: the contract chunk failed');
};

describe('the article contract, loaded on demand', () => {
  it('is not loaded for an empty or absent list of stored articles, and is for a list with entries', () =>
    withContract(failing, async () => {
      const { parseArticles } = await import('./lazyContract');
      await expect(parseArticles([])).resolves.toEqual([]);
      await expect(parseArticles(null)).resolves.toEqual([]);
      await expect(parseArticles({ 0: makeArticle() })).resolves.toEqual([]);
      await expect(parseArticles([makeArticle()])).rejects.toThrow('ChunkLoadError');
    }));

  it('fails a call as the unreachable service when it cannot be loaded, and the next call loads it again', async () => {
    let loads = 0;
    const onceFailing = () => {
      loads += 1;
      return loads === 1 ? failing() : jest.requireActual<object>('./contract');
    };
    await withContract(onceFailing, async () => {
      const { ArticleApiError, createArticleClient } = await import('./client');
      const article = makeArticle();
      const client = createArticleClient({
        baseUrl: 'http://api.test/api',
        fetch: async () => Response.json([article]),
      });
      const error: unknown = await client.list().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ArticleApiError);
      expect(error).toMatchObject({ status: 0, message: '記事の取得に失敗しました。', malformedResponse: false });
      await expect(client.list()).resolves.toEqual([article]);
      expect(loads).toBe(2);
    });
  });
});
