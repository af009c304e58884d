/** Core Web Vitals on PostgreSQL (db/vitalsRepository.ts): one statement per report and table. */
import type pg from 'pg';
import { inKeyOrder, VITAL_QUERIES, type VitalsRepository, vitalRowOf } from '../vitalsRepository';

export function createPostgresVitalsRepository(pool: pg.Pool): VitalsRepository {
  const select = async (sql: string, key: [string, string, string, number]) =>
    (await pool.query<Parameters<typeof vitalRowOf>[0]>(sql, key)).rows.map(vitalRowOf);
  return {
    async takeTokens(uses) {
      if (uses.length === 0) return [];
      // Only the rows inserted now come back: a metric another report (or instance) took is not.
      const { rows } = await pool.query<{ token: string; metric: string }>(
        `INSERT INTO release_vital_tokens (token, metric, expires_minute)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
         ON CONFLICT (token, metric) DO NOTHING RETURNING token, metric`,
        [uses.map((use) => use.token), uses.map((use) => use.metric), uses.map((use) => use.expiresMinute)],
      );
      const taken = new Set(rows.map((row) => `${row.token}\n${row.metric}`));
      return uses.map((use) => taken.has(`${use.token}\n${use.metric}`));
    },
    async add(counts) {
      if (counts.length === 0) return;
      const sorted = inKeyOrder(counts);
      const column = <K extends keyof (typeof sorted)[number]>(key: K) => sorted.map((count) => count[key]);
      await pool.query(
        `INSERT INTO release_vitals (environment, remote, version, metric, minute, bucket, samples)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[])
         ON CONFLICT (environment, remote, version, metric, minute, bucket)
           DO UPDATE SET samples = release_vitals.samples + excluded.samples`,
        (['environment', 'remote', 'version', 'metric', 'minute', 'bucket', 'samples'] as const).map(column),
      );
    },
    sums: (...key) => select(VITAL_QUERIES.sums, key),
    minutes: (...key) => select(VITAL_QUERIES.minutes, key),
    async prune(beforeMinute, nowMinute) {
      await pool.query(VITAL_QUERIES.prune, [beforeMinute]);
      await pool.query(VITAL_QUERIES.pruneTokens, [nowMinute]);
    },
  };
}
