import { mergeLocalArticles, readLocalArticles } from './localArticles';
import { makeArticle } from 'shared-articles/testing';

afterEach(() => window.localStorage.clear());

describe('readLocalArticles', () => {
  it('reads the valid articles stored under "articles"', async () => {
    window.localStorage.setItem('articles', JSON.stringify([makeArticle({ id: 50 }), { bogus: true }]));
    expect((await readLocalArticles()).map((a) => a.id)).toEqual([50]);
  });

  it('ignores malformed JSON and non-list values', async () => {
    window.localStorage.setItem('articles', '{not json');
    expect(await readLocalArticles()).toEqual([]);
    window.localStorage.setItem('articles', JSON.stringify({ id: 1 }));
    expect(await readLocalArticles()).toEqual([]);
  });

  it('is empty when nothing is stored', async () => {
    expect(await readLocalArticles()).toEqual([]);
  });

  it('keeps the stored articles out when their schema cannot be loaded (offline)', async () => {
    window.localStorage.setItem('articles', JSON.stringify([makeArticle({ id: 50 })]));
    await jest.isolateModulesAsync(async () => {
      jest.doMock('shared-articles', () => ({
        ...jest.requireActual<object>('shared-articles'),
        parseArticles: () => Promise.reject(new Error('ChunkLoadError')),
      }));
      const { readLocalArticles: readOffline } = await import('./localArticles');
      expect(await readOffline()).toEqual([]);
    });
  });
});

describe('mergeLocalArticles', () => {
  const served = [makeArticle({ id: 1, slug: 'a' }), makeArticle({ id: 2, slug: 'b' })];

  it('adds local articles whose slug the service does not have', () => {
    const merged = mergeLocalArticles(served, [makeArticle({ id: 90, slug: 'local' })]);
    expect(merged.map((a) => a.slug)).toEqual(['a', 'b', 'local']);
  });

  it('never lets a local article replace a served one with the same slug', () => {
    const merged = mergeLocalArticles(served, [makeArticle({ id: 90, slug: 'a', title: '偽物' })]);
    expect(merged).toEqual(served);
  });

  it('keeps only the first of several local articles with one slug', () => {
    const local = [makeArticle({ id: 90, slug: 'x' }), makeArticle({ id: 91, slug: 'x' })];
    expect(mergeLocalArticles([], local).map((a) => a.id)).toEqual([90]);
  });
});
