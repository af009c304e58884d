/**
 * Health counts and view tokens, written once for both engines with Kysely (healthRepository.ts
 * says what each call promises). A report's tokens, and its counts, are each one upsert statement:
 * each row is locked (PostgreSQL) or the connection held (SQLite) while its new value is computed,
 * so two instances taking from one token never both get its views.
 */
import { type Kysely, sql } from 'kysely';
import { firstTake, type HealthRepository, sumsOf } from './healthRepository';
import { compiledOnce, perRowCount, rowsOf } from 'service-kit/kysely';
import type { ReleaseEngine, ReleaseTables } from './releaseDatabase';

/** A column of the row the upsert found (in ON CONFLICT … DO UPDATE, `excluded` is the one offered). */
const old = (column: 'views' | 'failures') => sql.ref<number>(`release_health_tokens.${column}`);
const offered = (column: string) => sql.ref<number>(`excluded.${column}`);

/**
 * The token row's new values from its old ones, `cap` the views a token may count in all: the views
 * it has left, and no more failures than this report's views counted — so once a token's views are
 * used up, a replay of it counts nothing, failures included (the shell never sends a failure
 * without its view: healthReports.ts). `taken_*` record what this report got: RETURNING gives only
 * the new row.
 */
function takeFromToken(engine: ReleaseEngine, cap: number) {
  const views = engine.least(sql<number>`CAST(${cap} AS integer)`, sql<number>`${old('views')} + ${offered('views')}`);
  const takenViews = sql<number>`${views} - ${old('views')}`;
  const failures = engine.least(takenViews, offered('failures'));
  return {
    views,
    failures: sql<number>`${old('failures')} + ${failures}`,
    taken_views: takenViews,
    taken_failures: failures,
  };
}

/** A column's sum over the rows (SUM of no rows is NULL). */
const total = (column: string) => sql<number | string>`COALESCE(SUM(${sql.ref(column)}), 0)`;

/** HealthSums' four sums, as select expressions (sumsOf reads them). */
const sumColumns = () => [
  total('views').as('views'),
  total('load_failures').as('loadFailures'),
  total('render_crashes').as('renderCrashes'),
  total('hydration_errors').as('hydrationErrors'),
];

export function createHealthRepository(kysely: Kysely<ReleaseTables>, engine: ReleaseEngine): HealthRepository {
  // What every report runs, compiled once (service-kit/kysely): the pruning, the sums and the two upserts.
  const pruneCounts = compiledOnce((db: Kysely<ReleaseTables>, beforeMinute: number) =>
    db.deleteFrom('release_health').where('minute', '<', beforeMinute),
  );
  const pruneTokens = compiledOnce((db: Kysely<ReleaseTables>, nowMinute: number) =>
    db.deleteFrom('release_health_tokens').where('expires_minute', '<=', nowMinute),
  );
  const sums = compiledOnce(
    (db: Kysely<ReleaseTables>, environment: string, remote: string, version: string, sinceMinute: number) =>
      db
        .selectFrom('release_health')
        .select(sumColumns())
        .where('environment', '=', environment)
        .where('remote', '=', remote)
        .where('version', '=', version)
        .where('minute', '>=', sinceMinute),
  );
  /**
   * One report's token uses, as one upsert: per use its token, remote, expiry minute, and the views
   * and failures it asks (firstTake's).
   */
  const take = perRowCount((db: Kysely<ReleaseTables>, cap: number, ...values: (string | number)[]) =>
    db
      .insertInto('release_health_tokens')
      .values(
        rowsOf(values, 5).map(([token, remote, expires, views, failures]) => ({
          token: token as string,
          remote: remote as string,
          expires_minute: expires as number,
          views: views as number,
          failures: failures as number,
          taken_views: views as number,
          taken_failures: failures as number,
        })),
      )
      .onConflict((conflict) => conflict.columns(['token', 'remote']).doUpdateSet(takeFromToken(engine, cap)))
      .returning(['token', 'remote', 'taken_views as views', 'taken_failures as failures']),
  );
  /** One report's counts, as one upsert: per count its key and its four figures (HealthCount's). */
  const add = perRowCount((db: Kysely<ReleaseTables>, ...values: (string | number)[]) => {
    const added = (column: 'views' | 'load_failures' | 'render_crashes' | 'hydration_errors') =>
      sql<number>`${sql.ref(`release_health.${column}`)} + ${offered(column)}`;
    return db
      .insertInto('release_health')
      .values(
        rowsOf(values, 8).map((row) => {
          const [environment, remote, version, minute, views, loadFailures, renderCrashes, hydrationErrors] = row;
          return {
            environment: environment as string,
            remote: remote as string,
            version: version as string,
            minute: minute as number,
            views: views as number,
            load_failures: loadFailures as number,
            render_crashes: renderCrashes as number,
            hydration_errors: hydrationErrors as number,
          };
        }),
      )
      .onConflict((conflict) =>
        conflict.columns(['environment', 'remote', 'version', 'minute']).doUpdateSet({
          views: added('views'),
          load_failures: added('load_failures'),
          render_crashes: added('render_crashes'),
          hydration_errors: added('hydration_errors'),
        }),
      );
  });
  return {
    async takeTokens(uses, cap) {
      if (uses.length === 0) return [];
      const values = uses.flatMap((use) => {
        const first = firstTake(use, cap);
        return [first.token, first.remote, first.expiresMinute, first.views, first.failures];
      });
      const { rows } = await take(kysely, cap, ...values);
      // RETURNING promises no order: each use finds its own row.
      const taken = new Map(rows.map((row) => [`${row.token}\n${row.remote}`, row]));
      return uses.map((use) => {
        const row = taken.get(`${use.token}\n${use.remote}`);
        return { views: row?.views ?? 0, failures: row?.failures ?? 0 };
      });
    },
    async add(counts) {
      if (counts.length === 0) return;
      // The keys in one order, so that two reports upserting the same rows lock them in the same order.
      const key = (count: (typeof counts)[number]) =>
        `${count.environment}\n${count.remote}\n${count.version}\n${count.minute}`;
      const sorted = [...counts].sort((a, b) => key(a).localeCompare(key(b)));
      const values = sorted.flatMap((count) => [
        count.environment,
        count.remote,
        count.version,
        count.minute,
        count.views,
        count.loadFailures,
        count.renderCrashes,
        count.hydrationErrors,
      ]);
      await add(kysely, ...values);
    },
    sums: async (environment, remote, version, sinceMinute) =>
      sumsOf((await sums(kysely, environment, remote, version, sinceMinute)).rows[0]),
    /**
     * For the canary chart, not per report: built each call. The bucket size is a literal (an
     * integer: integer division on both engines), so that the grouped expression and the selected
     * one are the same SQL text, as PostgreSQL requires.
     */
    async series(environment, remote, { versions, fromMinute, toMinute, bucketMinutes }) {
      if (versions.length === 0) return [];
      if (!Number.isInteger(bucketMinutes) || bucketMinutes < 1) throw new Error(`bucket of ${bucketMinutes} minutes`);
      const size = sql.lit(bucketMinutes);
      const bucket = sql<number | string>`(${sql.ref('minute')} / ${size}) * ${size}`;
      const rows = await kysely
        .selectFrom('release_health')
        .select(['version', bucket.as('bucket'), ...sumColumns()])
        .where('environment', '=', environment)
        .where('remote', '=', remote)
        .where('minute', '>=', fromMinute)
        .where('minute', '<=', toMinute)
        .where('version', 'in', [...versions])
        .groupBy(['version', bucket])
        .orderBy(bucket)
        .orderBy('version')
        .execute();
      return rows.map((row) => Object.assign(sumsOf(row), { version: row.version, minute: Number(row.bucket) }));
    },
    async prune(beforeMinute, nowMinute) {
      await pruneCounts(kysely, beforeMinute);
      await pruneTokens(kysely, nowMinute);
    },
  };
}
