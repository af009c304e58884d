/**
 * The release registry's tables on SQLite (the same shape as postgres/releaseSchema.ts), as
 * migration 5 created them; migration 6 (RELEASE_CANARY_SQLITE, below) adds the canaries:
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

const LINE_TRIGGERS = ['INSERT', 'UPDATE', 'DELETE']
  .map(
    (event) => `
  CREATE TRIGGER registry_lines_${event.toLowerCase()}_bumps_version AFTER ${event} ON registry_lines
    BEGIN UPDATE registry_version SET version = version + 1 WHERE id = 1; END;`,
  )
  .join('');

/**
 * Migration 6, canary releases (docs/releasing.md):
 *
 * - registry_lines gets a canary beside the live release: its version and manifest, the share of
 *   visitors (1–99 running, 0 once the service withdrew it), status, start, who started it, and the
 *   withdrawal's time and figures. A line may now hold a canary and no live release (the remote is
 *   served from its deployed build beside it), so version and manifest_url may be NULL. SQLite
 *   cannot drop NOT NULL: the table is rebuilt (rows kept, its triggers made again).
 * - release_audit gets the canary's share after each canary action and the withdrawal's figures;
 *   still append-only (ADD COLUMN rewrites no row).
 * - release_health: page views and failures per environment, remote, release ('' for the deployed
 *   build) and minute, added by upsert. Counts only: no address, no page, nothing about a visitor.
 */
export const RELEASE_CANARY_SQLITE = `
  CREATE TABLE registry_lines_v6 (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT,
    manifest_url TEXT,
    updated_at TEXT NOT NULL DEFAULT ${NOW},
    canary_version TEXT,
    canary_manifest_url TEXT,
    canary_percent INTEGER,
    canary_status TEXT,
    canary_started_at TEXT,
    canary_actor TEXT,
    canary_withdrawn_at TEXT,
    canary_decision TEXT CHECK (canary_decision IS NULL OR json_valid(canary_decision)),
    PRIMARY KEY (environment, remote),
    CHECK ((version IS NULL) = (manifest_url IS NULL)),
    CHECK (version IS NOT NULL OR canary_version IS NOT NULL),
    CHECK (canary_version IS NULL OR (canary_manifest_url IS NOT NULL AND canary_started_at IS NOT NULL AND
      ((canary_status = 'running' AND canary_percent BETWEEN 1 AND 99) OR
       (canary_status = 'withdrawn' AND canary_percent = 0)))));
  INSERT INTO registry_lines_v6 (environment, remote, version, manifest_url, updated_at)
    SELECT environment, remote, version, manifest_url, updated_at FROM registry_lines;
  DROP TABLE registry_lines;
  ALTER TABLE registry_lines_v6 RENAME TO registry_lines;
  ${LINE_TRIGGERS}
  ALTER TABLE release_audit ADD COLUMN canary_percent INTEGER;
  ALTER TABLE release_audit ADD COLUMN decision TEXT CHECK (decision IS NULL OR json_valid(decision));
  CREATE TABLE release_health (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    minute INTEGER NOT NULL,
    views INTEGER NOT NULL DEFAULT 0,
    load_failures INTEGER NOT NULL DEFAULT 0,
    render_crashes INTEGER NOT NULL DEFAULT 0,
    hydration_errors INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (environment, remote, version, minute));`;

/**
 * Migration 7: the outcome of every release write that reached a decision, under the actor and the
 * operation id (Idempotency-Key) the client chose, written in the same transaction as the change or
 * the refusal's audit line, so a retry after a lost answer reads the first outcome instead of acting
 * twice (docs/releasing.md, "Operation ids"). `fingerprint`: the request's method, path and body hash.
 */
export const RELEASE_OPERATIONS_SQLITE = `
  CREATE TABLE release_operations (
    actor_uid TEXT NOT NULL,
    operation_id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    created_at TEXT NOT NULL DEFAULT ${NOW},
    PRIMARY KEY (actor_uid, operation_id));
  CREATE INDEX release_operations_by_age ON release_operations (created_at);`;

/**
 * Migration 5, refusals summed per minute (docs/releasing.md): the refusals of an account with no
 * rights on a remote make one audit line per actor, remote, environment and minute; this table
 * keys that line and counts the attempts it stands for. The audit table stays append-only: the
 * line is written once, only its count here moves. (A database moved from article-api, which
 * never had it, starts with none: every refusal before the move has its own line.)
 */
export const RELEASE_REFUSAL_MINUTES_SQLITE = `
  CREATE TABLE release_refusal_minutes (
    actor_uid TEXT NOT NULL,
    remote TEXT NOT NULL,
    environment TEXT NOT NULL,
    minute INTEGER NOT NULL,
    audit_id INTEGER NOT NULL UNIQUE REFERENCES release_audit (id),
    attempts INTEGER NOT NULL CHECK (attempts >= 1),
    PRIMARY KEY (actor_uid, remote, environment, minute));`;

/**
 * Migration 6, view tokens used (docs/canary-releases.md, "Who can report"): per view token and
 * remote, the views and failures already counted, so a token counts at most HEALTH_TOKEN_VIEWS
 * however many reports (or instances) carry it; `taken_*` is what the last report got. Kept until
 * the token expires (`expires_minute`), then pruned with the health rows: bounded by the tokens the
 * web servers issue in one TTL. The token's random id only: nothing about a visitor.
 */
export const RELEASE_HEALTH_TOKENS_SQLITE = `
  CREATE TABLE release_health_tokens (
    token TEXT NOT NULL,
    remote TEXT NOT NULL,
    expires_minute INTEGER NOT NULL,
    views INTEGER NOT NULL,
    failures INTEGER NOT NULL,
    taken_views INTEGER NOT NULL,
    taken_failures INTEGER NOT NULL,
    PRIMARY KEY (token, remote));
  CREATE INDEX release_health_tokens_by_expiry ON release_health_tokens (expires_minute);`;

/**
 * Migration 7, canary steps (docs/canary-releases.md, "Steps"): the plan a canary was started with,
 * its current step, when that began and whether it is paused, as one JSON value beside the canary's
 * other columns (null: a canary moved by hand). It lives and goes with the canary.
 */
export const RELEASE_CANARY_PLAN_SQLITE = `
  ALTER TABLE registry_lines ADD COLUMN canary_plan TEXT CHECK (canary_plan IS NULL OR json_valid(canary_plan));`;
