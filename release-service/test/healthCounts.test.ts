/**
 * A report's one write (HealthRepository.takeAndCount): what each token allows, and that added to
 * the counts — one statement on PostgreSQL (src/db/postgres/healthCounts.ts), two in turn on
 * SQLite — with the same answers and rows on both engines: the cap per token and remote, failures
 * split by kind in order (load, render, hydration), a row per release and minute, nothing added for
 * a use that got nothing, and a token shared by concurrent writes counted at most its cap in all.
 */
import { freshDatabaseEnv } from 'service-kit/testing';
import { loadStorageConfig } from '../src/config';
import type { CountedUse } from '../src/db/healthRepository';
import { openStorage, type Storage } from '../src/db/storage';
import { healthInRounds } from '../src/releases/healthRounds';

let storage: Storage;
beforeEach(async () => {
  storage = await openStorage(loadStorageConfig(freshDatabaseEnv()), { warn: () => undefined });
});
afterEach(() => storage.close());

const use = (token: string, views: number, failures: Partial<CountedUse> = {}, version = 'v1'): CountedUse => {
  const kinds = Object.assign({ loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 }, failures);
  return Object.assign(
    {
      token,
      remote: 'public_site',
      expiresMinute: 1000,
      views,
      failures: kinds.loadFailures + kinds.renderCrashes + kinds.hydrationErrors,
      environment: 'production' as const,
      version,
      minute: 100,
    },
    kinds,
  );
};
const sums = (version = 'v1') => storage.health.sums('production', 'public_site', version, 0);

it('takes from each token and adds what it got to its release’s row, failures split in order', async () => {
  const { health } = storage;
  // a: 3 views, 1 of each failure; b: the same token twice over its cap of 5.
  expect(
    await health.takeAndCount(
      [use('a', 3, { loadFailures: 1, renderCrashes: 1, hydrationErrors: 1 }), use('b', 4, { renderCrashes: 4 })],
      5,
    ),
  ).toEqual([
    { views: 3, failures: 3 },
    { views: 4, failures: 4 },
  ]);
  // b has 1 view left: of its 3 reported failures (1 load, 2 hydration), the load failure counts.
  expect(await health.takeAndCount([use('b', 3, { loadFailures: 1, hydrationErrors: 2 })], 5)).toEqual([
    { views: 1, failures: 1 },
  ]);
  // Used up: nothing taken, nothing added.
  expect(await health.takeAndCount([use('b', 1, { renderCrashes: 1 }, 'v2')], 5)).toEqual([{ views: 0, failures: 0 }]);
  expect(await sums()).toEqual({ views: 8, loadFailures: 2, renderCrashes: 5, hydrationErrors: 1 });
  expect(await sums('v2')).toEqual({ views: 0, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 });
});

it('adds each release’s uses to its own row, one write for all', async () => {
  const taken = await storage.health.takeAndCount(
    [use('c', 1), use('d', 2, { renderCrashes: 1 }, 'v2'), use('e', 1, {}, 'v2')],
    5,
  );
  expect(taken).toEqual([
    { views: 1, failures: 0 },
    { views: 2, failures: 1 },
    { views: 1, failures: 0 },
  ]);
  expect([(await sums()).views, await sums('v2')]).toEqual([
    1,
    { views: 3, loadFailures: 0, renderCrashes: 1, hydrationErrors: 0 },
  ]);
});

it('counts a token shared by concurrent writes at most its cap in all, in rounds or not', async () => {
  const rounds = healthInRounds(storage.health);
  const writes = Array.from({ length: 10 }, (_, i) =>
    (i % 2 ? rounds : storage.health).takeAndCount([use('f', 2, { renderCrashes: 2 })], 5),
  );
  const taken = (await Promise.all(writes)).map(([one]) => one!);
  expect([taken.reduce((sum, one) => sum + one.views, 0), taken.reduce((sum, one) => sum + one.failures, 0)]).toEqual([
    5, 5,
  ]);
  expect(await sums()).toEqual({ views: 5, loadFailures: 0, renderCrashes: 5, hydrationErrors: 0 });
});
