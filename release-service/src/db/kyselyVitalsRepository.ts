/**
 * Core Web Vitals per release, written once for both engines with Kysely (vitalsRepository.ts says
 * what each call promises). A report's token uses, and its buckets, are each one statement; the
 * queries every report runs are compiled once (service-kit/kysely).
 */
import { type Kysely, sql } from 'kysely';
import { compiledOnce, perRowCount, rowsOf } from 'service-kit/kysely';
import type { ReleaseTables } from './releaseDatabase';
import { inKeyOrder, type VitalsRepository, vitalRowOf } from './vitalsRepository';

type Db = Kysely<ReleaseTables>;

export function createVitalsRepository(kysely: Db): VitalsRepository {
  /** One report's token uses (token, metric, expiry minute each): only the rows inserted now come back. */
  const take = perRowCount((db: Db, ...values: (string | number)[]) =>
    db
      .insertInto('release_vital_tokens')
      .values(
        rowsOf(values, 3).map(([token, metric, expires]) => ({
          token: token as string,
          metric: metric as string,
          expires_minute: expires as number,
        })),
      )
      .onConflict((conflict) => conflict.columns(['token', 'metric']).doNothing())
      .returning(['token', 'metric']),
  );
  /** One report's buckets (their key and samples each), as one upsert. */
  const add = perRowCount((db: Db, ...values: (string | number)[]) =>
    db
      .insertInto('release_vitals')
      .values(
        rowsOf(values, 7).map(([environment, remote, version, metric, minute, bucket, samples]) => ({
          environment: environment as string,
          remote: remote as string,
          version: version as string,
          metric: metric as string,
          minute: minute as number,
          bucket: bucket as number,
          samples: samples as number,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['environment', 'remote', 'version', 'metric', 'minute', 'bucket'])
          .doUpdateSet({ samples: sql<number>`${sql.ref('release_vitals.samples')} + ${sql.ref('excluded.samples')}` }),
      ),
  );
  /** A release's rows from a minute on. */
  const rowsFrom = (db: Db, environment: string, remote: string, version: string, sinceMinute: number) =>
    db
      .selectFrom('release_vitals')
      .where('environment', '=', environment)
      .where('remote', '=', remote)
      .where('version', '=', version)
      .where('minute', '>=', sinceMinute);
  const sums = compiledOnce((db: Db, environment: string, remote: string, version: string, sinceMinute: number) =>
    rowsFrom(db, environment, remote, version, sinceMinute)
      .select([
        'metric',
        'bucket',
        sql<number | string>`MIN(minute)`.as('minute'),
        sql<number | string>`SUM(samples)`.as('samples'),
      ])
      .groupBy(['metric', 'bucket']),
  );
  const minutes = compiledOnce((db: Db, environment: string, remote: string, version: string, sinceMinute: number) =>
    rowsFrom(db, environment, remote, version, sinceMinute)
      .select(['metric', 'minute', 'bucket', 'samples'])
      .orderBy('minute')
      .orderBy('metric')
      .orderBy('bucket'),
  );
  const pruneRows = compiledOnce((db: Db, beforeMinute: number) =>
    db.deleteFrom('release_vitals').where('minute', '<', beforeMinute),
  );
  const pruneTokens = compiledOnce((db: Db, nowMinute: number) =>
    db.deleteFrom('release_vital_tokens').where('expires_minute', '<=', nowMinute),
  );
  return {
    async takeTokens(uses) {
      if (uses.length === 0) return [];
      const { rows } = await take(kysely, ...uses.flatMap((use) => [use.token, use.metric, use.expiresMinute]));
      // RETURNING promises no order: each use finds its own row.
      const taken = new Set(rows.map((row) => `${row.token}\n${row.metric}`));
      return uses.map((use) => taken.has(`${use.token}\n${use.metric}`));
    },
    async add(counts) {
      if (counts.length === 0) return;
      const values = inKeyOrder(counts).flatMap((count) => [
        count.environment,
        count.remote,
        count.version,
        count.metric,
        count.minute,
        count.bucket,
        count.samples,
      ]);
      await add(kysely, ...values);
    },
    sums: async (...key) => (await sums(kysely, ...key)).rows.map(vitalRowOf),
    minutes: async (...key) => (await minutes(kysely, ...key)).rows.map(vitalRowOf),
    async prune(beforeMinute, nowMinute) {
      await pruneRows(kysely, beforeMinute);
      await pruneTokens(kysely, nowMinute);
    },
  };
}
