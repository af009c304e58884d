import { distinctCategories, sortArticles, sortByCategory, sortByTitle, sortNewestFirst } from './sort';

const items = [
  { id: 1, title: 'いちご', date: '2025-03-01', category: 'B' },
  { id: 2, title: 'あんず', date: '2025-05-01', category: 'A' },
  { id: 3, title: 'うめ', date: '2025-05-01', category: 'B' },
  { id: 4, title: 'えだまめ', date: '2025-01-01', category: 'A' },
];
const ids = (list: typeof items) => list.map((item) => item.id);

describe('sorting', () => {
  it('sorts newest first, the higher id first on the same date, without mutating the input', () => {
    const copy = [...items];
    expect(ids(sortNewestFirst(items))).toEqual([3, 2, 1, 4]);
    expect(items).toEqual(copy);
  });

  it('sorts by title in Japanese order', () => {
    expect(ids(sortByTitle(items))).toEqual([2, 1, 3, 4]);
  });

  it('groups by category, newest first within a category', () => {
    expect(ids(sortByCategory(items))).toEqual([2, 4, 3, 1]);
  });

  it('dispatches on the dashboard sort key', () => {
    expect(ids(sortArticles(items, 'date'))).toEqual([3, 2, 1, 4]);
    expect(ids(sortArticles(items, 'title'))).toEqual([2, 1, 3, 4]);
    expect(ids(sortArticles(items, 'category'))).toEqual([2, 4, 3, 1]);
  });

  it('orders string ids too', () => {
    const business = [
      { id: 'biz001', title: 'a', date: '2025-08-01', category: 'x' },
      { id: 'biz002', title: 'b', date: '2025-08-01', category: 'x' },
    ];
    expect(sortNewestFirst(business).map((item) => item.id)).toEqual(['biz002', 'biz001']);
  });
});

describe('distinctCategories', () => {
  it('lists each category once in first-seen order', () => {
    expect(distinctCategories(items)).toEqual(['B', 'A']);
  });
});

describe('Japanese collation', () => {
  it('is built on first use, once: loading the module or ordering by date builds none', () => {
    const Collator = jest.spyOn(Intl, 'Collator');
    try {
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module
        const fresh = require('./sort') as {
          sortNewestFirst: typeof sortNewestFirst;
          sortByTitle: typeof sortByTitle;
          sortByCategory: typeof sortByCategory;
        };
        expect(ids(fresh.sortNewestFirst(items))).toEqual([3, 2, 1, 4]);
        expect(Collator).not.toHaveBeenCalled();
        fresh.sortByTitle(items);
        fresh.sortByCategory(items);
        expect(Collator).toHaveBeenCalledTimes(1);
      });
    } finally {
      Collator.mockRestore();
    }
  });
});
