/**
 * The release service's schema on PostgreSQL: the shared tables (../releaseSchema.ts) in
 * PostgreSQL's types, and what only PostgreSQL does — plpgsql trigger functions, and the canaries
 * added to registry_lines by ALTER (SQLite rebuilds the table: sqlite/releaseSchema.ts says why).
 */
import { RATE_LIMITS_POSTGRES } from 'service-kit/postgres';
import * as shared from '../releaseSchema';
import { vitalsTables } from '../vitalsSchema';

/**
 * The health counts and view tokens are UNLOGGED like the rate-limit counters: a crash may lose
 * the last minutes' counts, which only delays a decision; they are not worth a WAL write per report.
 */
const postgres: shared.SchemaDialect = {
  int: 'INT',
  bigint: 'BIGINT',
  time: 'TIMESTAMPTZ',
  now: 'now()',
  json: () => 'JSONB',
  ephemeral: 'UNLOGGED ',
  auditId: 'id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
  randomEpoch: 'substr(md5(random()::text || clock_timestamp()::text), 1, 12)',
};

const RELEASE_REGISTRY = `${shared.registryTables(postgres)}
  CREATE FUNCTION release_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'release_audit is append-only'; END $$;
  CREATE TRIGGER release_audit_no_change BEFORE UPDATE OR DELETE ON release_audit
    FOR EACH ROW EXECUTE FUNCTION release_audit_append_only();
  CREATE TRIGGER release_audit_no_truncate BEFORE TRUNCATE ON release_audit
    FOR EACH STATEMENT EXECUTE FUNCTION release_audit_append_only();${shared.registryVersion(postgres)}
  CREATE FUNCTION bump_registry_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE registry_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$;
  CREATE TRIGGER registry_lines_bump_version AFTER INSERT OR UPDATE OR DELETE ON registry_lines
    FOR EACH ROW EXECUTE FUNCTION bump_registry_version();`;

/** Migration 2, canary releases: sqlite/releaseSchema.ts says what each column is for. */
const RELEASE_CANARY = `
  ALTER TABLE registry_lines
    ALTER COLUMN version DROP NOT NULL,
    ALTER COLUMN manifest_url DROP NOT NULL,
    ADD COLUMN canary_version TEXT,
    ADD COLUMN canary_manifest_url TEXT,
    ADD COLUMN canary_percent INT,
    ADD COLUMN canary_status TEXT,
    ADD COLUMN canary_started_at TIMESTAMPTZ,
    ADD COLUMN canary_actor TEXT,
    ADD COLUMN canary_withdrawn_at TIMESTAMPTZ,
    ADD COLUMN canary_decision JSONB,
    ADD CONSTRAINT registry_lines_live_whole CHECK ((version IS NULL) = (manifest_url IS NULL)),
    ADD CONSTRAINT registry_lines_not_empty CHECK (version IS NOT NULL OR canary_version IS NOT NULL),
    ADD CONSTRAINT registry_lines_canary_whole CHECK (canary_version IS NULL OR (
      canary_manifest_url IS NOT NULL AND canary_started_at IS NOT NULL AND
      ((canary_status = 'running' AND canary_percent BETWEEN 1 AND 99) OR
       (canary_status = 'withdrawn' AND canary_percent = 0))));
  ALTER TABLE release_audit ADD COLUMN canary_percent INT, ADD COLUMN decision JSONB;${shared.healthTable(postgres)}`;

/** Each migration's SQL by version: SQLite's, and 3, the rate-limit counters every instance shares. */
export const POSTGRES_SCHEMA: Readonly<Record<number, string>> = {
  1: RELEASE_REGISTRY,
  2: RELEASE_CANARY,
  3: RATE_LIMITS_POSTGRES,
  4: shared.operationsTable(postgres, ''),
  5: shared.refusalMinutesTable(postgres),
  6: shared.healthTokensTable(postgres),
  7: shared.canaryPlanColumn(postgres),
  8: vitalsTables(postgres),
};
