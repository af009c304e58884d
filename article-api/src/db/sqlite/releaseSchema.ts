/**
 * The release registry's tables on SQLite (the same shape as postgres/releaseSchema.ts):
 *
 * - release_versions: every published version of a remote, made live somewhere at least once;
 *   a version id is never given to a second build.
 * - registry_lines: per environment, the live release of each released remote.
 * - release_audit: every release, promotion, rollback and refusal; append-only, enforced by
 *   triggers, so not even an operator's UPDATE rewrites what happened.
 * - registry_version: one counter every change to registry_lines moves (the ETag web servers
 *   revalidate with), like content_version for the articles.
 */
const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";

export const RELEASE_REGISTRY_SQLITE = `
  CREATE TABLE release_versions (
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    manifest_url TEXT NOT NULL,
    source_commit TEXT,
    created_by TEXT,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    PRIMARY KEY (remote, version));
  CREATE TABLE registry_lines (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    manifest_url TEXT NOT NULL,
    updated_at TEXT NOT NULL DEFAULT ${NOW},
    PRIMARY KEY (environment, remote));
  CREATE TABLE release_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL DEFAULT ${NOW},
    actor_uid TEXT,
    actor_email TEXT,
    action TEXT NOT NULL,
    outcome TEXT NOT NULL,
    remote TEXT NOT NULL,
    environment TEXT NOT NULL,
    version TEXT,
    manifest_url TEXT,
    source_commit TEXT,
    verdict TEXT CHECK (verdict IS NULL OR json_valid(verdict)),
    before_version TEXT,
    before_url TEXT,
    message TEXT);
  CREATE INDEX release_audit_by_remote ON release_audit (remote, environment, id);
  CREATE TRIGGER release_audit_no_update BEFORE UPDATE ON release_audit
    BEGIN SELECT RAISE(ABORT, 'release_audit is append-only'); END;
  CREATE TRIGGER release_audit_no_delete BEFORE DELETE ON release_audit
    BEGIN SELECT RAISE(ABORT, 'release_audit is append-only'); END;
  CREATE TABLE registry_version (id INTEGER PRIMARY KEY CHECK (id = 1), epoch TEXT NOT NULL, version INTEGER NOT NULL);
  INSERT INTO registry_version (id, epoch, version) VALUES (1, lower(hex(randomblob(6))), 0);
  CREATE TRIGGER registry_lines_insert_bumps_version AFTER INSERT ON registry_lines
    BEGIN UPDATE registry_version SET version = version + 1 WHERE id = 1; END;
  CREATE TRIGGER registry_lines_update_bumps_version AFTER UPDATE ON registry_lines
    BEGIN UPDATE registry_version SET version = version + 1 WHERE id = 1; END;
  CREATE TRIGGER registry_lines_delete_bumps_version AFTER DELETE ON registry_lines
    BEGIN UPDATE registry_version SET version = version + 1 WHERE id = 1; END;`;
