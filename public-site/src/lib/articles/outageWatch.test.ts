import { ArticleApiError } from 'shared-articles';
import { makeArticle } from 'shared-articles/testing';
import { watchForOutage } from './outageWatch';

const failing = (error: unknown) => () => Promise.reject(error);

describe('watchForOutage', () => {
  it('notes nothing while the service answers, a 404 included', async () => {
    const watch = watchForOutage({
      list: async () => [makeArticle()],
      getBySlug: failing(new ArticleApiError('not found', 404)),
    });
    await watch.reads.list();
    await expect(watch.reads.getBySlug('gone')).rejects.toBeInstanceOf(ArticleApiError);
    expect(watch.failed()).toBe(false);
  });

  it('notes a timeout, a network error or a 5xx, and passes the error on', async () => {
    for (const error of [
      new ArticleApiError('timeout', 0),
      new TypeError('fetch failed'),
      new ArticleApiError('unavailable', 503),
    ]) {
      const watch = watchForOutage({ list: failing(error), getBySlug: failing(error) });
      await expect(watch.reads.getBySlug('any')).rejects.toBe(error);
      expect(watch.failed()).toBe(true);
    }
  });
});
