/**
 * Migration 8 on both engines, Core Web Vitals per release (db/vitalsRepository.ts), in each
 * engine's types (releaseSchema.ts's SchemaDialect):
 * - release_vitals: page loads per environment, remote, release, metric, minute and log-spaced
 *   bucket, added by upsert; pruned with release_health (ephemeral like it: unlogged on PostgreSQL,
 *   minutes old by nature, nothing to recover after a crash);
 * - release_vital_tokens: which view token counted which metric, until the token expires.
 */
import type { SchemaDialect } from './releaseSchema';

export const vitalsTables = (d: SchemaDialect): string => `
  CREATE ${d.ephemeral}TABLE release_vitals (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    metric TEXT NOT NULL,
    minute ${d.int} NOT NULL,
    bucket ${d.int} NOT NULL,
    samples ${d.int} NOT NULL,
    PRIMARY KEY (environment, remote, version, metric, minute, bucket));
  CREATE INDEX release_vitals_by_minute ON release_vitals (minute);
  CREATE ${d.ephemeral}TABLE release_vital_tokens (
    token TEXT NOT NULL,
    metric TEXT NOT NULL,
    expires_minute ${d.int} NOT NULL,
    PRIMARY KEY (token, metric));
  CREATE INDEX release_vital_tokens_by_expiry ON release_vital_tokens (expires_minute);`;
