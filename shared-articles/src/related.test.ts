import { relatedArticles } from './related';
import type { Article, BusinessArticle } from './types';

function article(id: number, category: string, date: string, relatedIds: number[] = []): Article {
  return {
    id,
    title: `記事${id}`,
    content: '<p>本文</p>',
    date,
    category,
    tag: '',
    slug: `article-${id}`,
    relatedArticles: relatedIds,
    articleType: 'note',
  };
}

const all = [
  article(1, 'A', '2025-01-01'),
  article(2, 'A', '2025-03-01'),
  article(3, 'A', '2025-02-01'),
  article(4, 'A', '2025-04-01'),
  article(5, 'B', '2025-05-01'),
  article(6, 'B', '2025-06-01'),
];

const ids = (list: Array<{ id: number | string }>) => list.map((item) => item.id);

describe('relatedArticles with listed ids', () => {
  it('returns the listed articles in the listed order', () => {
    expect(ids(relatedArticles(article(9, 'A', '2025-07-01', [6, 1, 5]), all))).toEqual([6, 1, 5]);
  });

  it('excludes the article itself and duplicates, and stops at 3', () => {
    const subject = { ...all[0]!, relatedArticles: [1, 2, 2, 3, 4, 5] };
    expect(ids(relatedArticles(subject, all))).toEqual([2, 3, 4]);
  });

  it('skips ids that do not exist', () => {
    expect(ids(relatedArticles(article(9, 'A', '2025-07-01', [99, 5, 7]), all))).toEqual([5]);
  });

  it('honours a smaller max', () => {
    expect(ids(relatedArticles(article(9, 'A', '2025-07-01', [6, 1, 5]), all, 1))).toEqual([6]);
  });
});

describe('relatedArticles by category', () => {
  it('uses the newest same-category articles, without itself, when none are listed', () => {
    expect(ids(relatedArticles(all[1]!, all))).toEqual([4, 3, 1]);
  });

  it('falls back to the category when every listed id is gone', () => {
    expect(ids(relatedArticles(article(5, 'B', '2025-05-01', [98, 99]), all))).toEqual([6]);
  });

  it('returns an empty list when nothing else shares the category', () => {
    expect(relatedArticles(article(9, 'C', '2025-07-01'), all)).toEqual([]);
  });
});

describe('relatedArticles for business articles', () => {
  const business = (id: string, category: string, date: string, related: string[] = []): BusinessArticle => ({
    id,
    businessId: 'biz001',
    title: id,
    content: '',
    date,
    category,
    tag: '',
    slug: id,
    relatedArticles: related,
    articleType: 'guide',
  });
  const list = [
    business('biz001', 'X', '2025-08-01', ['biz003']),
    business('biz002', 'X', '2025-08-02'),
    business('biz003', 'Y', '2025-08-03'),
  ];

  it('works with string ids', () => {
    expect(ids(relatedArticles(list[0]!, list))).toEqual(['biz003']);
    expect(ids(relatedArticles(list[1]!, list))).toEqual(['biz001']);
  });
});
