/** Health counts on SQLite (db/healthRepository.ts): the upserts of one report in one transaction. */
import {
  firstTake,
  bucketOf,
  type HealthCount,
  type HealthRepository,
  seriesStatement,
  SUM_COLUMNS,
  sumsOf,
  type TokenTaken,
  type TokenUse,
  takeTokenSet,
} from '../healthRepository';
import type { SqliteDatabase } from 'service-kit/sqlite';

export function createSqliteHealthRepository(db: SqliteDatabase): HealthRepository {
  const upsert = db.prepare(
    `INSERT INTO release_health
       (environment, remote, version, minute, views, load_failures, render_crashes, hydration_errors)
     VALUES (@environment, @remote, @version, @minute, @views, @loadFailures, @renderCrashes, @hydrationErrors)
     ON CONFLICT (environment, remote, version, minute) DO UPDATE SET
       views = views + excluded.views, load_failures = load_failures + excluded.load_failures,
       render_crashes = render_crashes + excluded.render_crashes,
       hydration_errors = hydration_errors + excluded.hydration_errors`,
  );
  const sums = db.prepare<[string, string, string, number], Record<string, number>>(
    `SELECT ${SUM_COLUMNS} FROM release_health WHERE environment = ? AND remote = ? AND version = ? AND minute >= ?`,
  );
  const prune = db.prepare('DELETE FROM release_health WHERE minute < ?');
  const pruneTokens = db.prepare('DELETE FROM release_health_tokens WHERE expires_minute <= ?');
  const take = db.prepare<[TokenUse & { cap: number }], TokenTaken>(
    `INSERT INTO release_health_tokens
       (token, remote, expires_minute, views, failures, taken_views, taken_failures)
     VALUES (@token, @remote, @expiresMinute, @views, @failures, @views, @failures)
     ON CONFLICT (token, remote) DO UPDATE SET ${takeTokenSet('MIN', '@cap')}
     RETURNING taken_views AS views, taken_failures AS failures`,
  );
  const takeAll = db.transaction((uses: readonly TokenUse[], cap: number) =>
    uses.map((use) => take.get(Object.assign(firstTake(use, cap), { cap }))!),
  );
  const add = db.transaction((counts: readonly HealthCount[]) => {
    for (const count of counts) upsert.run(count);
  });
  return {
    takeTokens: async (uses, cap) => takeAll(uses, cap),
    add: async (counts) => add(counts),
    sums: async (environment, remote, version, sinceMinute) =>
      sumsOf(sums.get(environment, remote, version, sinceMinute) as Parameters<typeof sumsOf>[0]),
    async series(environment, remote, query) {
      if (query.versions.length === 0) return [];
      // Named (better-sqlite3 binds no numbered `?n`): @p1, @p2, …; the bucket an integer, to divide as one.
      const mark = (n: number) => (n === 3 ? `CAST(@p${n} AS INTEGER)` : `@p${n}`);
      const { sql, values } = seriesStatement(mark, environment, remote, query);
      const named = Object.fromEntries(values.map((value, index) => [`p${index + 1}`, value]));
      return db.prepare<[Record<string, unknown>], Record<string, number | string>>(sql).all(named).map(bucketOf);
    },
    async prune(beforeMinute, nowMinute) {
      prune.run(beforeMinute);
      pruneTokens.run(nowMinute);
    },
  };
}
