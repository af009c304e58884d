/** The release registry's tables on PostgreSQL: the shape of sqlite/releaseSchema.ts, which says why. */
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
