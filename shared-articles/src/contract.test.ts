import { businessArticleSchema, parseArticle, parseArticleList } from './contract';
import { seedArticles, seedBusinessArticles } from './seed';
import { makeArticle } from './testing';

// The same rule reads API answers, the public site's build snapshot and the `articles` storage key.
const toArticle = parseArticle;
const toArticles = parseArticleList;

describe('toArticle', () => {
  it('accepts a complete article unchanged', () => {
    const article = makeArticle({ image: 'https://x/a.jpg', noteUrl: 'https://note.com/a', url: 'https://x' });
    expect(toArticle(article)).toStrictEqual(article);
  });

  it('fills the model defaults for missing tag, relatedArticles and articleType', () => {
    const { tag: _tag, relatedArticles: _related, articleType: _type, ...bare } = makeArticle();
    expect(toArticle(bare)).toMatchObject({ tag: '', relatedArticles: [], articleType: 'note' });
  });

  it.each([
    ['a string id', { id: '1' }],
    ['an empty title', { title: '  ' }],
    ['a missing slug', { slug: undefined }],
    ['an impossible date', { date: '2025-02-30' }],
    ['a date in another format', { date: '2025.01.01' }],
    ['non-string content', { content: 42 }],
  ])('rejects %s', (_case, overrides) => {
    expect(toArticle({ ...makeArticle(), ...overrides })).toBeNull();
  });

  it('drops malformed optional fields instead of rejecting the article', () => {
    const result = toArticle({ ...makeArticle(), image: 42, relatedArticles: [2, 'x', 3.5, 4], articleType: 'blog' });
    expect(result).not.toHaveProperty('image');
    expect(result?.relatedArticles).toEqual([2, 4]);
    expect(result?.articleType).toBe('note');
  });
});

describe('toArticles', () => {
  it('keeps the valid entries of a list', () => {
    expect(toArticles([makeArticle({ id: 1 }), null, { id: 2 }, makeArticle({ id: 3 })]).map((a) => a.id)).toEqual([
      1, 3,
    ]);
  });

  it('yields nothing for a non-list', () => {
    expect(toArticles({ 0: makeArticle() })).toEqual([]);
  });
});

describe('the seed content keeps the contract', () => {
  it('every seeded public article parses unchanged', () => {
    for (const article of seedArticles) expect(parseArticle(JSON.parse(JSON.stringify(article)))).toEqual(article);
  });

  it('every seeded business article parses unchanged', () => {
    for (const article of seedBusinessArticles) {
      expect(businessArticleSchema.parse(JSON.parse(JSON.stringify(article)))).toEqual(article);
    }
  });
});
