import { ArticleApiError, type ArticleClient } from 'shared-articles';
import { createVersionedReads } from './versionedReads';
import { makeArticle } from 'shared-articles/testing';

/** The server's reads of the article API, shared by every render at one API change version. */
const API = 'http://api.test/api';
const one = makeArticle({ id: 1, slug: 'one' });

function fakeClient(): ArticleClient & { list: jest.Mock; getBySlug: jest.Mock } {
  return {
    list: jest.fn(async () => [one]),
    getBySlug: jest.fn(async (slug: string) => {
      if (slug === 'one') return one;
      throw new ArticleApiError('記事が見つかりません', 404);
    }),
  } as unknown as ArticleClient & { list: jest.Mock; getBySlug: jest.Mock };
}

describe('createVersionedReads', () => {
  it('asks the service once per version, also for concurrent renders', async () => {
    const reads = createVersionedReads();
    const api = fakeClient();
    const answers = await Promise.all([reads(api, API, '"v1"').list(), reads(api, API, '"v1"').list()]);
    expect(answers).toEqual([[one], [one]]);
    await reads(fakeClient(), API, '"v1"').list(); // a new client per render: still the kept answer
    expect(await reads(api, API, '"v1"').getBySlug('one')).toEqual(one);
    await reads(api, API, '"v1"').getBySlug('one');
    expect(api.list).toHaveBeenCalledTimes(1);
    expect(api.getBySlug).toHaveBeenCalledTimes(1);
  });

  it('asks again once the version changes (an admin edit)', async () => {
    const reads = createVersionedReads();
    const api = fakeClient();
    await reads(api, API, '"v1"').list();
    await reads(api, API, '"v2"').list();
    await reads(api, API, '"v2"').list();
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed answer: the next render asks again', async () => {
    const reads = createVersionedReads();
    const api = fakeClient();
    api.list.mockRejectedValueOnce(new ArticleApiError('記事の取得に失敗しました。', 0));
    await expect(reads(api, API, '"v1"').list()).rejects.toMatchObject({ status: 0 });
    await expect(reads(api, API, '"v1"').getBySlug('nowhere')).rejects.toMatchObject({ status: 404 });
    expect(await reads(api, API, '"v1"').list()).toEqual([one]);
    await expect(reads(api, API, '"v1"').getBySlug('nowhere')).rejects.toMatchObject({ status: 404 });
    expect(api.list).toHaveBeenCalledTimes(2);
    expect(api.getBySlug).toHaveBeenCalledTimes(2);
  });

  it('shares nothing without a version, nor between two APIs', async () => {
    const reads = createVersionedReads();
    const api = fakeClient();
    await reads(api, API, undefined).list();
    await reads(api, API, undefined).list();
    await reads(api, API, '"v1"').list();
    await reads(api, 'http://other.test/api', '"v1"').list();
    expect(api.list).toHaveBeenCalledTimes(4);
  });
});
