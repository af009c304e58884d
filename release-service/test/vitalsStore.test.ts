/**
 * Core Web Vitals in the database (VitalsRepository, tables release_vitals and
 * release_vital_tokens of migration 8): a token counts each metric once however many reports or
 * instances carry it, rows add up per bucket and minute, and pruning keeps storage bounded — the
 * minutes before the window and the tokens expired go. Both engines.
 */
import { freshDatabaseEnv } from 'service-kit/testing';
import { loadStorageConfig } from '../src/config';
import { openStorage, type Storage } from '../src/db/storage';
import type { VitalCount } from '../src/db/vitalsRepository';

let storage: Storage;
beforeEach(async () => {
  storage = await openStorage(loadStorageConfig(freshDatabaseEnv()), { warn: () => undefined });
});
afterEach(() => storage.close());

const count = (minute: number, bucket: number, samples = 1, version = 'v2'): VitalCount => ({
  environment: 'production',
  remote: 'public_site',
  version,
  metric: 'lcp',
  minute,
  bucket,
  samples,
});

it('takes a token’s metric once, also under concurrent reports', async () => {
  const { vitals } = storage;
  const use = (token: string, metric: 'lcp' | 'inp') => ({ token, metric, expiresMinute: 1000 });
  expect(await vitals.takeTokens([use('a', 'lcp'), use('a', 'inp')])).toEqual([true, true]);
  expect(await vitals.takeTokens([use('a', 'lcp'), use('b', 'lcp')])).toEqual([false, true]);
  const together = await Promise.all(Array.from({ length: 10 }, () => vitals.takeTokens([use('c', 'inp')])));
  expect(together.filter(([taken]) => taken)).toHaveLength(1);
});

it('sums a release’s buckets from a minute on, and lists them per minute', async () => {
  const { vitals } = storage;
  await vitals.add([count(10, 150), count(10, 150), count(11, 150, 3), count(11, 152), count(11, 150, 5, 'v1')]);
  const sums = await vitals.sums('production', 'public_site', 'v2', 10);
  expect(sums.map(({ bucket, samples }) => [bucket, samples]).sort()).toEqual([
    [150, 5],
    [152, 1],
  ]);
  expect((await vitals.sums('production', 'public_site', 'v2', 11)).find((row) => row.bucket === 150)?.samples).toBe(3);
  expect(await vitals.minutes('production', 'public_site', 'v2', 0)).toEqual([
    { metric: 'lcp', minute: 10, bucket: 150, samples: 2 },
    { metric: 'lcp', minute: 11, bucket: 150, samples: 3 },
    { metric: 'lcp', minute: 11, bucket: 152, samples: 1 },
  ]);
});

it('prunes the minutes before the window and the tokens expired', async () => {
  const { vitals } = storage;
  await vitals.add([count(10, 150), count(20, 150)]);
  await vitals.takeTokens([{ token: 'd', metric: 'lcp', expiresMinute: 15 }]);
  await vitals.prune(11, 15);
  expect(await vitals.minutes('production', 'public_site', 'v2', 0)).toEqual([
    { metric: 'lcp', minute: 20, bucket: 150, samples: 1 },
  ]);
  // d's use is gone with its token's life: a probe takes it afresh.
  expect(await vitals.takeTokens([{ token: 'd', metric: 'lcp', expiresMinute: 30 }])).toEqual([true]);
});
