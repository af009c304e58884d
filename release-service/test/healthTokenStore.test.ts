/**
 * What each view token counted, in the database (HealthRepository.takeTokens, table
 * release_health_tokens): at most `cap` views per token and remote in all, a use no more failures
 * than the views it got, concurrent uses of one token never both served, and the rows gone once
 * their token expired — storage bounded by the tokens of one TTL. Both engines.
 */
import { freshDatabaseEnv } from 'service-kit/testing';
import { loadStorageConfig } from '../src/config';
import type { TokenUse } from '../src/db/healthRepository';
import { openStorage, type Storage } from '../src/db/storage';

let storage: Storage;
beforeEach(async () => {
  storage = await openStorage(loadStorageConfig(freshDatabaseEnv()), { warn: () => undefined });
});
afterEach(() => storage.close());

const use = (token: string, views: number, failures = 0, remote = 'public_site'): TokenUse => ({
  token,
  remote,
  expiresMinute: 1000,
  views,
  failures,
});
/** The views a token has left, probed with a use that counts nothing else. */
const left = async (token: string, remote = 'public_site') =>
  (await storage.health.takeTokens([use(token, 20, 0, remote)], 5))[0]!.views;

it('counts at most `cap` views per token and remote, failures never above the views a use got', async () => {
  const { health } = storage;
  expect(await health.takeTokens([use('a', 3, 3), use('a', 1, 0, 'admin_console')], 5)).toEqual([
    { views: 3, failures: 3 },
    { views: 1, failures: 0 },
  ]);
  expect(await health.takeTokens([use('a', 4, 4)], 5)).toEqual([{ views: 2, failures: 2 }]);
  expect(await health.takeTokens([use('a', 4, 4)], 5)).toEqual([{ views: 0, failures: 0 }]);
  expect(await health.takeTokens([use('b', 9, 1)], 5)).toEqual([{ views: 5, failures: 1 }]);
  expect(await left('a', 'admin_console')).toBe(4);
});

it('serves concurrent uses of one token at most its cap in all', async () => {
  const taken = await Promise.all(Array.from({ length: 10 }, () => storage.health.takeTokens([use('c', 2, 2)], 5)));
  const views = taken.reduce((sum, [one]) => sum + one!.views, 0);
  const failures = taken.reduce((sum, [one]) => sum + one!.failures, 0);
  expect([views, failures]).toEqual([5, 5]);
});

it('forgets a token’s use once it has expired, with the health rows’ pruning', async () => {
  const { health } = storage;
  await health.takeTokens([use('d', 5), Object.assign(use('e', 5), { expiresMinute: 2000 })], 5);
  await health.prune(0, 999);
  expect([await left('d'), await left('e')]).toEqual([0, 0]);
  await health.prune(0, 1000);
  // d's row is gone (a probe starts it afresh); e's, expiring later, is kept.
  expect([await left('d'), await left('e')]).toEqual([5, 0]);
});
