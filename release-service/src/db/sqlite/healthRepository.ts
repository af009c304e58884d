/** Health counts on SQLite (db/healthRepository.ts): the upserts of one report in one transaction. */
import { type HealthCount, type HealthRepository, SUM_COLUMNS, sumsOf } from '../healthRepository';
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
  const add = db.transaction((counts: readonly HealthCount[]) => {
    for (const count of counts) upsert.run(count);
  });
  return {
    add: async (counts) => add(counts),
    sums: async (environment, remote, version, sinceMinute) =>
      sumsOf(sums.get(environment, remote, version, sinceMinute) as Parameters<typeof sumsOf>[0]),
    async prune(beforeMinute) {
      prune.run(beforeMinute);
    },
  };
}
