/** The release registry's tables on PostgreSQL (migration 5): the shape of sqlite/releaseSchema.ts, which says why. */
export const RELEASE_REGISTRY_POSTGRES = `
  CREATE TABLE release_versions (
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    manifest_url TEXT NOT NULL,
    source_commit TEXT,
    created_by TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (remote, version));
  CREATE TABLE registry_lines (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    manifest_url TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (environment, remote));
  CREATE TABLE release_audit (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at TIMESTAMPTZ NOT NULL DEFAULT now(),
    actor_uid TEXT,
    actor_email TEXT,
    action TEXT NOT NULL,
    outcome TEXT NOT NULL,
    remote TEXT NOT NULL,
    environment TEXT NOT NULL,
    version TEXT,
    manifest_url TEXT,
    source_commit TEXT,
    verdict JSONB,
    before_version TEXT,
    before_url TEXT,
    message TEXT);
  CREATE INDEX release_audit_by_remote ON release_audit (remote, environment, id);
  CREATE FUNCTION release_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'release_audit is append-only'; END $$;
  CREATE TRIGGER release_audit_no_change BEFORE UPDATE OR DELETE ON release_audit
    FOR EACH ROW EXECUTE FUNCTION release_audit_append_only();
  CREATE TRIGGER release_audit_no_truncate BEFORE TRUNCATE ON release_audit
    FOR EACH STATEMENT EXECUTE FUNCTION release_audit_append_only();
  CREATE TABLE registry_version (id INT PRIMARY KEY CHECK (id = 1), epoch TEXT NOT NULL, version BIGINT NOT NULL);
  INSERT INTO registry_version (id, epoch, version) VALUES (1, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 0);
  CREATE FUNCTION bump_registry_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE registry_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$;
  CREATE TRIGGER registry_lines_bump_version AFTER INSERT OR UPDATE OR DELETE ON registry_lines
    FOR EACH ROW EXECUTE FUNCTION bump_registry_version();`;

/**
 * Migration 6, canary releases: sqlite/releaseSchema.ts says what each column is for. The health
 * counts are UNLOGGED like the rate-limit counters: a crash may lose the last minutes' counts, which
 * only delays a decision; they are not worth a WAL write per report.
 */
export const RELEASE_CANARY_POSTGRES = `
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
  ALTER TABLE release_audit ADD COLUMN canary_percent INT, ADD COLUMN decision JSONB;
  CREATE UNLOGGED TABLE release_health (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    minute INT NOT NULL,
    views INT NOT NULL DEFAULT 0,
    load_failures INT NOT NULL DEFAULT 0,
    render_crashes INT NOT NULL DEFAULT 0,
    hydration_errors INT NOT NULL DEFAULT 0,
    PRIMARY KEY (environment, remote, version, minute));`;

/** Migration 7: the stored outcomes of release writes (sqlite/releaseSchema.ts says why). */
export const RELEASE_OPERATIONS_POSTGRES = `
  CREATE TABLE release_operations (
    actor_uid TEXT NOT NULL,
    operation_id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    -- text, not JSONB: a replay answers the very bytes of the first answer (JSONB reorders keys)
    body TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (actor_uid, operation_id));
  CREATE INDEX release_operations_by_age ON release_operations (created_at);`;

/** Migration 5, refusals summed per minute: sqlite/releaseSchema.ts says why. */
export const RELEASE_REFUSAL_MINUTES_POSTGRES = `
  CREATE TABLE release_refusal_minutes (
    actor_uid TEXT NOT NULL,
    remote TEXT NOT NULL,
    environment TEXT NOT NULL,
    minute INT NOT NULL,
    audit_id BIGINT NOT NULL UNIQUE REFERENCES release_audit (id),
    attempts INT NOT NULL CHECK (attempts >= 1),
    PRIMARY KEY (actor_uid, remote, environment, minute));`;

/** Migration 6, view tokens used (sqlite/releaseSchema.ts says why); unlogged like release_health. */
export const RELEASE_HEALTH_TOKENS_POSTGRES = `
  CREATE UNLOGGED TABLE release_health_tokens (
    token TEXT NOT NULL,
    remote TEXT NOT NULL,
    expires_minute INT NOT NULL,
    views INT NOT NULL,
    failures INT NOT NULL,
    taken_views INT NOT NULL,
    taken_failures INT NOT NULL,
    PRIMARY KEY (token, remote));
  CREATE INDEX release_health_tokens_by_expiry ON release_health_tokens (expires_minute);`;

/** Migration 7, canary steps: sqlite/releaseSchema.ts says why. */
export const RELEASE_CANARY_PLAN_POSTGRES = `ALTER TABLE registry_lines ADD COLUMN canary_plan JSONB;`;
