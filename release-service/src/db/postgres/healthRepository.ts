/** Health counts on PostgreSQL (db/healthRepository.ts): one report's counts in one upsert statement. */
import type pg from 'pg';
import {
  bucketOf,
  firstTake,
  type HealthRepository,
  seriesStatement,
  SUM_COLUMNS,
  sumsOf,
  takeTokenSet,
} from '../healthRepository';

export function createPostgresHealthRepository(pool: pg.Pool): HealthRepository {
  return {
    async takeTokens(uses, cap) {
      if (uses.length === 0) return [];
      // One statement (a report's uses share a token, one per remote): each row locked while its
      // new value is computed, so two instances taking from one token never both get its views.
      const first = uses.map((use) => firstTake(use, cap));
      const column = <K extends keyof (typeof first)[number]>(key: K) => first.map((use) => use[key]);
      const { rows } = await pool.query<{ token: string; remote: string; views: number; failures: number }>(
        `INSERT INTO release_health_tokens
           (token, remote, expires_minute, views, failures, taken_views, taken_failures)
         SELECT token, remote, expires, views, failures, views, failures
         FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[]) AS u(token, remote, expires, views, failures)
         ON CONFLICT (token, remote) DO UPDATE SET ${takeTokenSet('LEAST', '$6::int')}
         RETURNING token, remote, taken_views AS views, taken_failures AS failures`,
        [column('token'), column('remote'), column('expiresMinute'), column('views'), column('failures'), cap],
      );
      const taken = new Map(rows.map((row) => [`${row.token}\n${row.remote}`, row]));
      return uses.map((use) => {
        const row = taken.get(`${use.token}\n${use.remote}`);
        return { views: row?.views ?? 0, failures: row?.failures ?? 0 };
      });
    },
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
    async series(environment, remote, query) {
      if (query.versions.length === 0) return [];
      // Typed: the bucket size must divide as an integer, and each `$n` has one type.
      const { sql, values } = seriesStatement(
        (n) => (n >= 3 && n <= 5 ? `$${n}::int` : `$${n}`),
        environment,
        remote,
        query,
      );
      const { rows } = await pool.query<Record<string, number | string>>(sql, values);
      return rows.map(bucketOf);
    },
    async prune(beforeMinute, nowMinute) {
      await pool.query('DELETE FROM release_health WHERE minute < $1', [beforeMinute]);
      await pool.query('DELETE FROM release_health_tokens WHERE expires_minute <= $1', [nowMinute]);
    },
  };
}
