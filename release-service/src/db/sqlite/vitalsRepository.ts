/** Core Web Vitals on SQLite (db/vitalsRepository.ts): one report's rows in one transaction. */
import type { SqliteDatabase } from 'service-kit/sqlite';
import {
  inKeyOrder,
  VITAL_QUERIES,
  type VitalCount,
  type VitalsRepository,
  type VitalTokenUse,
  vitalRowOf,
} from '../vitalsRepository';

/** The shared queries say $1, $2… (each once, in order): SQLite's positional ? are the same. */
const numbered = (sql: string) => sql.replace(/\$\d+/g, '?');

export function createSqliteVitalsRepository(db: SqliteDatabase): VitalsRepository {
  const take = db.prepare<[VitalTokenUse]>(
    `INSERT INTO release_vital_tokens (token, metric, expires_minute) VALUES (@token, @metric, @expiresMinute)
     ON CONFLICT (token, metric) DO NOTHING`,
  );
  const upsert = db.prepare<[VitalCount]>(
    `INSERT INTO release_vitals (environment, remote, version, metric, minute, bucket, samples)
     VALUES (@environment, @remote, @version, @metric, @minute, @bucket, @samples)
     ON CONFLICT (environment, remote, version, metric, minute, bucket) DO UPDATE SET samples = samples + excluded.samples`,
  );
  const select = (sql: string) =>
    db.prepare<[string, string, string, number], Parameters<typeof vitalRowOf>[0]>(numbered(sql));
  const [sums, minutes] = [select(VITAL_QUERIES.sums), select(VITAL_QUERIES.minutes)];
  const [prune, pruneTokens] = [
    db.prepare(numbered(VITAL_QUERIES.prune)),
    db.prepare(numbered(VITAL_QUERIES.pruneTokens)),
  ];
  const takeAll = db.transaction((uses: readonly VitalTokenUse[]) => uses.map((use) => take.run(use).changes === 1));
  const addAll = db.transaction((counts: readonly VitalCount[]) => {
    for (const count of inKeyOrder(counts)) upsert.run(count);
  });
  return {
    takeTokens: async (uses) => takeAll(uses),
    add: async (counts) => addAll(counts),
    sums: async (...key) => sums.all(...key).map(vitalRowOf),
    minutes: async (...key) => minutes.all(...key).map(vitalRowOf),
    async prune(beforeMinute, nowMinute) {
      prune.run(beforeMinute);
      pruneTokens.run(nowMinute);
    },
  };
}
