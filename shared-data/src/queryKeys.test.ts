import { QueryClient } from '@tanstack/react-query';
import { articleKeys, businessArticleKeys } from './queryKeys';

describe('query keys', () => {
  it('invalidating all articles reaches the list, a detail, a slug and related cards, and nothing else', async () => {
    const client = new QueryClient();
    for (const key of [
      articleKeys.list(),
      articleKeys.detail(1),
      articleKeys.bySlug('a'),
      articleKeys.related('a'),
      ['admin', 'users'],
    ]) {
      client.setQueryData(key, 'cached');
    }
    await client.invalidateQueries({ queryKey: articleKeys.all });
    const invalidated = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
    expect(invalidated).toEqual([
      articleKeys.list(),
      articleKeys.detail(1),
      articleKeys.bySlug('a'),
      articleKeys.related('a'),
    ]);
  });

  it("keeps one account's business articles apart from another's", () => {
    expect(businessArticleKeys.all('uid-a')).not.toEqual(businessArticleKeys.all('uid-b'));
    expect(businessArticleKeys.all(undefined)).toEqual(['business-articles', 'anonymous']);
    expect(businessArticleKeys.detail('uid-a', 'x').slice(0, 2)).toEqual(businessArticleKeys.all('uid-a'));
  });
});
