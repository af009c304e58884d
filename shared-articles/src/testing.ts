import type { Article } from './types';

/**
 * Test data for every workspace's tests: a valid article (id 1 unless given) with the given
 * overrides. Its title, body and slug follow its id, so a test can build many distinct ones.
 */
export function makeArticle(overrides: Partial<Article> = {}): Article {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `記事${id}`,
    content: `<p>本文${id}</p>`,
    date: '2025-01-01',
    category: '生成AI初心者',
    tag: '',
    slug: `article-${id}`,
    relatedArticles: [],
    articleType: 'note',
    ...overrides,
  };
}
