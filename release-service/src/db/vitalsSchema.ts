/**
 * Migration 8 on both engines, Core Web Vitals per release (db/vitalsRepository.ts):
 * - release_vitals: page loads per environment, remote, release, metric, minute and log-spaced
 *   bucket, added by upsert; pruned with release_health (unlogged on PostgreSQL like it: minutes
 *   old by nature, nothing to recover after a crash);
 * - release_vital_tokens: which view token counted which metric, until the token expires.
 */
const tables = (int: string, unlogged: string, withoutRowid: string) => `
  CREATE ${unlogged} TABLE release_vitals (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    metric TEXT NOT NULL,
    minute ${int} NOT NULL,
    bucket ${int} NOT NULL,
    samples ${int} NOT NULL,
    PRIMARY KEY (environment, remote, version, metric, minute, bucket))${withoutRowid};
  CREATE INDEX release_vitals_by_minute ON release_vitals (minute);
  CREATE ${unlogged} TABLE release_vital_tokens (
    token TEXT NOT NULL,
    metric TEXT NOT NULL,
    expires_minute ${int} NOT NULL,
    PRIMARY KEY (token, metric))${withoutRowid};
  CREATE INDEX release_vital_tokens_by_expiry ON release_vital_tokens (expires_minute);`;

export const RELEASE_VITALS_SQLITE = tables('INTEGER', '', ' WITHOUT ROWID');
export const RELEASE_VITALS_POSTGRES = tables('INT', 'UNLOGGED', '');
