/** Health counts on PostgreSQL (db/healthRepository.ts): one report's counts in one upsert statement. */
import type pg from 'pg';
import { type HealthRepository, SUM_COLUMNS, sumsOf } from '../healthRepository';

export function createPostgresHealthRepository(pool: pg.Pool): HealthRepository {
  return {
    async add(counts) {
      if (counts.length === 0) return;
      // The keys in one order, so that two reports upserting the same rows lock them in the same order.
      const sorted = [...counts].sort((a, b) =>
        `${a.environment}\n${a.remote}\n${a.version}\n${a.minute}`.localeCompare(
          `${b.environment}\n${b.remote}\n${b.version}\n${b.minute}`,
        ),
      );
      const column = <K extends keyof (typeof sorted)[number]>(key: K) => sorted.map((count) => count[key]);
      await pool.query(
        `INSERT INTO release_health
           (environment, remote, version, minute, views, load_failures, render_crashes, hydration_errors)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[])
         ON CONFLICT (environment, remote, version, minute) DO UPDATE SET
           views = release_health.views + excluded.views,
           load_failures = release_health.load_failures + excluded.load_failures,
           render_crashes = release_health.render_crashes + excluded.render_crashes,
           hydration_errors = release_health.hydration_errors + excluded.hydration_errors`,
        [
          column('environment'),
          column('remote'),
          column('version'),
          column('minute'),
          column('views'),
          column('loadFailures'),
          column('renderCrashes'),
          column('hydrationErrors'),
        ],
      );
    },
    async sums(environment, remote, version, sinceMinute) {
      const { rows } = await pool.query(
        `SELECT ${SUM_COLUMNS} FROM release_health
         WHERE environment = $1 AND remote = $2 AND version = $3 AND minute >= $4`,
        [environment, remote, version, sinceMinute],
      );
      return sumsOf(rows[0] as Parameters<typeof sumsOf>[0]);
    },
    async prune(beforeMinute) {
      await pool.query('DELETE FROM release_health WHERE minute < $1', [beforeMinute]);
    },
  };
}
