/** The repository contract, run against the engine under test (SQLite, or PostgreSQL in the article-api-postgres project). */
import { seedArticles } from 'shared-articles/seed';
import { type ArticleDraft, type ArticleRepository, DuplicateSlugError } from '../src/db/articleRepository';
import { openStorage, type Storage } from '../src/db/storage';
import { testConfig } from './support/testApp';

const draft = (overrides: Partial<ArticleDraft> = {}): ArticleDraft => ({
  title: '新しい記事',
  content: '<p>本文</p>',
  category: 'AI活用',
  date: '2025-11-01',
  tag: '',
  relatedArticles: [],
  articleType: 'note',
  ...overrides,
});

let storage: Storage;
let repository: ArticleRepository;

beforeEach(async () => {
  storage = await openStorage(testConfig(), { warn: () => {} });
  repository = storage.repository;
});
afterEach(() => storage.close());

describe('reads', () => {
  it('lists the 21 seed articles newest first', async () => {
    const list = await repository.list();
    expect(list).toHaveLength(21);
    const dates = list.map((article) => article.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('orders same-day articles by id, higher first', async () => {
    const a = await repository.create(draft({ date: '2030-01-01', slug: 'same-day-a' }));
    const b = await repository.create(draft({ date: '2030-01-01', slug: 'same-day-b' }));
    expect((await repository.list()).slice(0, 2).map((article) => article.id)).toEqual([b.id, a.id]);
  });

  it('returns seed articles exactly as written, absent links left out', async () => {
    for (const seed of seedArticles) {
      expect(await repository.get(seed.id)).toEqual(seed);
      expect(await repository.getBySlug(seed.slug)).toEqual(seed);
    }
    expect(await repository.get(7)).toBeUndefined();
    expect(await repository.getBySlug('missing')).toBeUndefined();
  });

  it('lists business articles newest first and finds them by slug', async () => {
    const list = await repository.listBusiness();
    expect(list.map((article) => article.id)).toEqual(['biz005', 'biz004', 'biz003', 'biz002', 'biz001']);
    expect(await repository.getBusinessBySlug('ai-accounting-guide')).toMatchObject({
      id: 'biz003',
      businessId: 'biz001',
    });
  });
});

describe('create', () => {
  it('continues the ids after the seed and stores every field', async () => {
    const optional = {
      slug: 'full',
      tag: 'AI,副業',
      image: 'https://img.example/a.jpg',
      url: 'https://src.example',
      noteUrl: 'https://note.com/x',
      relatedArticles: [1, 2],
      articleType: 'youtube',
    } satisfies Partial<ArticleDraft>;
    const created = await repository.create(draft(optional));
    expect(created).toEqual({
      id: 23,
      title: '新しい記事',
      content: '<p>本文</p>',
      category: 'AI活用',
      date: '2025-11-01',
      ...optional,
    });
    expect(await repository.get(23)).toEqual(created);
  });

  it('names an article without a slug article-<id>, avoiding a slug already taken', async () => {
    await repository.create(draft({ slug: 'article-24' }));
    expect((await repository.create(draft())).slug).toBe('article-24-2');
    expect((await repository.create(draft())).slug).toBe('article-25');
  });

  it('throws DuplicateSlugError for a slug in use', async () => {
    await expect(repository.create(draft({ slug: 'what-is-generative-ai' }))).rejects.toBeInstanceOf(
      DuplicateSlugError,
    );
    expect(await repository.list()).toHaveLength(21);
  });

  it('gives concurrent creates distinct ids and fallback slugs', async () => {
    const created = await Promise.all(Array.from({ length: 12 }, () => repository.create(draft())));
    expect(new Set(created.map((article) => article.id)).size).toBe(12);
    expect(created.every((article) => article.slug === `article-${article.id}`)).toBe(true);
    expect(await repository.list()).toHaveLength(33);
  });

  it('lets exactly one of two concurrent creates with the same slug win', async () => {
    const results = await Promise.allSettled([
      repository.create(draft({ slug: 'raced', title: 'A' })),
      repository.create(draft({ slug: 'raced', title: 'B' })),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((result) => result.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateSlugError);
    expect((await repository.list()).filter((article) => article.slug === 'raced')).toHaveLength(1);
  });

  it('never reuses the id of a deleted article', async () => {
    const created = await repository.create(draft({ slug: 'temp' }));
    await repository.delete(created.id);
    expect((await repository.create(draft({ slug: 'next' }))).id).toBe(created.id + 1);
  });
});

describe('update', () => {
  it('replaces the fields and keeps the slug when none is given', async () => {
    const updated = await repository.update(1, draft({ title: '更新後', image: undefined }));
    expect(updated).toMatchObject({ id: 1, title: '更新後', slug: 'what-is-generative-ai' });
    expect(updated).not.toHaveProperty('image');
  });

  it('changes the slug when given, refusing one used by another article', async () => {
    expect((await repository.update(1, draft({ slug: 'renamed' })))?.slug).toBe('renamed');
    expect((await repository.update(1, draft({ slug: 'renamed' })))?.slug).toBe('renamed');
    await expect(repository.update(1, draft({ slug: 'ai-meal-planning', title: '消える変更' }))).rejects.toBeInstanceOf(
      DuplicateSlugError,
    );
    expect((await repository.get(1))?.title).toBe('新しい記事'); // the refused update changed nothing
  });

  it('returns undefined for an unknown id', async () => {
    expect(await repository.update(7, draft())).toBeUndefined();
  });
});

describe('delete', () => {
  it('removes the article and its id from other related lists', async () => {
    expect((await repository.get(3))?.relatedArticles).toEqual([1, 2, 10]);
    expect(await repository.delete(2)).toBe(true);
    expect(await repository.get(2)).toBeUndefined();
    expect((await repository.get(3))?.relatedArticles).toEqual([1, 10]);
    expect((await repository.get(1))?.relatedArticles).toEqual([3, 12]);
  });

  it('returns false for an unknown id', async () => {
    expect(await repository.delete(7)).toBe(false);
  });

  it('keeps the order of the remaining related ids', async () => {
    const article = await repository.create(draft({ slug: 'ordered', relatedArticles: [12, 3, 9, 1] }));
    await repository.delete(9);
    expect((await repository.get(article.id))?.relatedArticles).toEqual([12, 3, 1]);
  });
});

describe('slug and id helpers', () => {
  it('slugExists ignores the article being edited', async () => {
    expect(await repository.slugExists('what-is-generative-ai')).toBe(true);
    expect(await repository.slugExists('what-is-generative-ai', 1)).toBe(false);
    expect(await repository.slugExists('free-slug')).toBe(false);
  });

  it('availableSlug appends the first free number', async () => {
    expect(await repository.availableSlug('fresh')).toBe('fresh');
    expect(await repository.availableSlug('what-is-generative-ai')).toBe('what-is-generative-ai-2');
  });

  it('handles ids beyond 32 bits and slugs with LIKE wildcards literally', async () => {
    expect(await repository.get(9_007_199_254_740_991)).toBeUndefined();
    expect(await repository.missingIds([4_294_967_296])).toEqual([4_294_967_296]);
    expect(await repository.slugExists('what-is-%')).toBe(false);
  });

  it('missingIds lists the ids no article has, in the given order', async () => {
    expect(await repository.missingIds([1, 99, 7, 22])).toEqual([99, 7]);
    expect(await repository.missingIds([])).toEqual([]);
  });
});
