/**
 * Health reports' writes in rounds (src/releases/healthRounds.ts): what concurrent reports write
 * together, each still answered its own (a token's cap kept, counts summed), on both engines; a
 * failed round fails only its own reports; the registry lines read once for the reports that come
 * while a read is on its way.
 */
import { freshDatabaseEnv } from 'service-kit/testing';
import { loadStorageConfig } from '../src/config';
import type { HealthCount, HealthRepository, TokenUse } from '../src/db/healthRepository';
import { openStorage, type Storage } from '../src/db/storage';
import { healthInRounds, sharedReads } from '../src/releases/healthRounds';

let storage: Storage;
beforeEach(async () => {
  storage = await openStorage(loadStorageConfig(freshDatabaseEnv()), { warn: () => undefined });
});
afterEach(() => storage.close());

const use = (token: string, views: number, failures = 0): TokenUse => ({
  token,
  remote: 'public_site',
  expiresMinute: 1000,
  views,
  failures,
});
const count = (views: number, renderCrashes = 0): HealthCount => ({
  environment: 'production',
  remote: 'public_site',
  version: 'v1',
  minute: 100,
  views,
  loadFailures: 0,
  renderCrashes,
  hydrationErrors: 0,
});

/** The store with each call's argument recorded: what reached the database, statement by statement. */
function recorded(store: HealthRepository) {
  const takes: TokenUse[][] = [];
  const adds: HealthCount[][] = [];
  const spied: HealthRepository = Object.assign({}, store, {
    takeTokens: (uses: readonly TokenUse[], cap: number) => {
      takes.push([...uses]);
      return store.takeTokens(uses, cap);
    },
    add: (counts: readonly HealthCount[]) => {
      adds.push([...counts]);
      return store.add(counts);
    },
  });
  return { takes, adds, rounds: healthInRounds(spied) };
}

it('takes the tokens of reports that come together in one statement, each answered its own', async () => {
  const { takes, rounds } = recorded(storage.health);
  const tokens = ['t9', 't3', 't7', 't1', 't5', 't2'];
  const answers = await Promise.all(tokens.map((token, i) => rounds.takeTokens([use(token, i + 1, 1)], 5)));
  expect(answers).toEqual(tokens.map((_, i) => [{ views: Math.min(i + 1, 5), failures: 1 }]));
  // The first went alone; the rest waited for it and went as one round, in token order.
  expect(takes.map((round) => round.map((one) => one.token))).toEqual([['t9'], ['t1', 't2', 't3', 't5', 't7']]);
});

it('never puts one token in a round twice, and counts its cap across the rounds', async () => {
  const { takes, rounds } = recorded(storage.health);
  const answers = await Promise.all(Array.from({ length: 10 }, () => rounds.takeTokens([use('same', 2, 2)], 5)));
  const views = answers.reduce((sum, [one]) => sum + one!.views, 0);
  const failures = answers.reduce((sum, [one]) => sum + one!.failures, 0);
  expect([views, failures]).toEqual([5, 5]);
  expect(takes.every((round) => round.length === 1)).toBe(true);
});

it('sums the counts of reports that come together into one upsert per row', async () => {
  const { adds, rounds } = recorded(storage.health);
  await Promise.all(Array.from({ length: 8 }, (_, i) => rounds.add([count(1, i % 2)])));
  expect(adds.map((round) => round.length)).toEqual([1, 1]);
  expect(await storage.health.sums('production', 'public_site', 'v1', 0)).toEqual({
    views: 8,
    loadFailures: 0,
    renderCrashes: 4,
    hydrationErrors: 0,
  });
});

it('fails only the reports of a failed round; the next round is written', async () => {
  let failNext = true;
  const flaky: HealthRepository = Object.assign({}, storage.health, {
    takeTokens: async (uses: readonly TokenUse[], cap: number) => {
      if (failNext) {
        failNext = false;
        throw new Error('connection lost');
      }
      return storage.health.takeTokens(uses, cap);
    },
  });
  const rounds = healthInRounds(flaky);
  const first = rounds.takeTokens([use('x', 1)], 5);
  const second = rounds.takeTokens([use('y', 1)], 5);
  await expect(first).rejects.toThrow('connection lost');
  await expect(second).resolves.toEqual([{ views: 1, failures: 0 }]);
});

it('shares a read with the calls that come while it is on its way, and reads again after', async () => {
  let reads = 0;
  const read = sharedReads(async (key: string) => {
    const answer = `${key} ${(reads += 1)}`;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return answer;
  });
  expect(await Promise.all([read('production'), read('production'), read('staging')])).toEqual([
    'production 1',
    'production 1',
    'staging 2',
  ]);
  expect(await read('production')).toBe('production 3');
});
