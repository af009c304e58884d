/**
 * The release service's tables, defined once for both engines: each engine's `SchemaDialect` (in
 * sqlite/releaseSchema.ts and postgres/releaseSchema.ts) fills in its column types, and those files
 * add only what is the engine's own (triggers, SQLite's rebuild of registry_lines, PostgreSQL's
 * ALTERs). The SQL each engine runs is the SQL its migrations always ran, text for text
 * (docs/decisions.md, "One storage layer"): an applied migration is never rewritten.
 *
 * - release_versions: every published version of a remote, made live somewhere at least once;
 *   a version id is never given to a second build.
 * - registry_lines: per environment, the live release of each released remote.
 * - release_audit: every release, promotion, rollback and refusal; append-only, enforced by
 *   triggers, so not even an operator's UPDATE rewrites what happened.
 * - registry_version: one counter every change to registry_lines moves (the ETag web servers
 *   revalidate with), like content_version for the articles.
 */
export interface SchemaDialect {
  /** a small integer (SQLite INTEGER, PostgreSQL INT) */
  readonly int: string;
  /** an id or counter that may pass 2³¹ (SQLite INTEGER, PostgreSQL BIGINT) */
  readonly bigint: string;
  /** a time column's type, and its default: now */
  readonly time: string;
  readonly now: string;
  /** a nullable JSON column: text checked as JSON on SQLite, JSONB on PostgreSQL */
  json(column: string): string;
  /** `CREATE <this>TABLE` for counts a crash may lose (PostgreSQL: UNLOGGED, no WAL write per report) */
  readonly ephemeral: string;
  /** the audit's id column */
  readonly auditId: string;
  /** a random epoch for registry_version (a new database's tokens never repeat an old one's) */
  readonly randomEpoch: string;
}

/** Migration 1's tables; the engine adds the audit's append-only triggers and the version's. */
export const registryTables = (d: SchemaDialect): string => `
  CREATE TABLE release_versions (
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    manifest_url TEXT NOT NULL,
    source_commit TEXT,
    created_by TEXT,
    created_at ${d.time} NOT NULL DEFAULT ${d.now},
    PRIMARY KEY (remote, version));
  CREATE TABLE registry_lines (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    manifest_url TEXT NOT NULL,
    updated_at ${d.time} NOT NULL DEFAULT ${d.now},
    PRIMARY KEY (environment, remote));
  CREATE TABLE release_audit (
    ${d.auditId},
    at ${d.time} NOT NULL DEFAULT ${d.now},
    actor_uid TEXT,
    actor_email TEXT,
    action TEXT NOT NULL,
    outcome TEXT NOT NULL,
    remote TEXT NOT NULL,
    environment TEXT NOT NULL,
    version TEXT,
    manifest_url TEXT,
    source_commit TEXT,
    verdict ${d.json('verdict')},
    before_version TEXT,
    before_url TEXT,
    message TEXT);
  CREATE INDEX release_audit_by_remote ON release_audit (remote, environment, id);`;

export const registryVersion = (d: SchemaDialect): string => `
  CREATE TABLE registry_version (id ${d.int} PRIMARY KEY CHECK (id = 1), epoch TEXT NOT NULL, version ${d.bigint} NOT NULL);
  INSERT INTO registry_version (id, epoch, version) VALUES (1, ${d.randomEpoch}, 0);`;

/**
 * Migration 2 (canary releases), its new table: page views and failures per environment, remote,
 * release ('' for the deployed build) and minute, added by upsert. Counts only: no address, no
 * page, nothing about a visitor.
 */
export const healthTable = (d: SchemaDialect): string => `
  CREATE ${d.ephemeral}TABLE release_health (
    environment TEXT NOT NULL,
    remote TEXT NOT NULL,
    version TEXT NOT NULL,
    minute ${d.int} NOT NULL,
    views ${d.int} NOT NULL DEFAULT 0,
    load_failures ${d.int} NOT NULL DEFAULT 0,
    render_crashes ${d.int} NOT NULL DEFAULT 0,
    hydration_errors ${d.int} NOT NULL DEFAULT 0,
    PRIMARY KEY (environment, remote, version, minute));`;

/**
 * Migration 4: the outcome of every release write that reached a decision, under the actor and the
 * operation id (Idempotency-Key) the client chose, written in the same transaction as the change or
 * the refusal's audit line, so a retry after a lost answer reads the first outcome instead of acting
 * twice (docs/releasing.md, "Operation ids"). `fingerprint`: the request's method, path and body
 * hash. The body is text on both engines, not JSONB: a replay answers the very bytes of the first
 * answer (JSONB reorders keys); SQLite checks it is JSON.
 */
export const operationsTable = (d: SchemaDialect, bodyCheck: string): string => `
  CREATE TABLE release_operations (
    actor_uid TEXT NOT NULL,
    operation_id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL${bodyCheck},
    created_at ${d.time} NOT NULL DEFAULT ${d.now},
    PRIMARY KEY (actor_uid, operation_id));
  CREATE INDEX release_operations_by_age ON release_operations (created_at);`;

/**
 * Migration 5, refusals summed per minute (docs/releasing.md): the refusals of an account with no
 * rights on a remote make one audit line per actor, remote, environment and minute; this table
 * keys that line and counts the attempts it stands for. The audit table stays append-only: the
 * line is written once, only its count here moves. (A database moved from article-api, which
 * never had it, starts with none: every refusal before the move has its own line.)
 */
export const refusalMinutesTable = (d: SchemaDialect): string => `
  CREATE TABLE release_refusal_minutes (
    actor_uid TEXT NOT NULL,
    remote TEXT NOT NULL,
    environment TEXT NOT NULL,
    minute ${d.int} NOT NULL,
    audit_id ${d.bigint} NOT NULL UNIQUE REFERENCES release_audit (id),
    attempts ${d.int} NOT NULL CHECK (attempts >= 1),
    PRIMARY KEY (actor_uid, remote, environment, minute));`;

/**
 * Migration 6, view tokens used (docs/canary-releases.md, "Who can report"): per view token and
 * remote, the views and failures already counted, so a token counts at most HEALTH_TOKEN_VIEWS
 * however many reports (or instances) carry it; `taken_*` is what the last report got. Kept until
 * the token expires (`expires_minute`), then pruned with the health rows: bounded by the tokens the
 * web servers issue in one TTL. The token's random id only: nothing about a visitor.
 */
export const healthTokensTable = (d: SchemaDialect): string => `
  CREATE ${d.ephemeral}TABLE release_health_tokens (
    token TEXT NOT NULL,
    remote TEXT NOT NULL,
    expires_minute ${d.int} NOT NULL,
    views ${d.int} NOT NULL,
    failures ${d.int} NOT NULL,
    taken_views ${d.int} NOT NULL,
    taken_failures ${d.int} NOT NULL,
    PRIMARY KEY (token, remote));
  CREATE INDEX release_health_tokens_by_expiry ON release_health_tokens (expires_minute);`;

/**
 * Migration 7, canary steps (docs/canary-releases.md, "Steps"): the plan a canary was started with,
 * its current step, when that began and whether it is paused, as one JSON value beside the canary's
 * other columns (null: a canary moved by hand). It lives and goes with the canary.
 */
export const canaryPlanColumn = (d: SchemaDialect): string =>
  `ALTER TABLE registry_lines ADD COLUMN canary_plan ${d.json('canary_plan')};`;

/** The migrations' versions and names, both engines (3, PostgreSQL's shared rate-limit counters, is its own). */
export const MIGRATION_NAMES: Readonly<Record<number, string>> = {
  1: 'create release registry',
  2: 'canary releases and release health',
  3: 'create rate_limits',
  4: 'release operation outcomes',
  5: 'release refusals summed per minute',
  6: 'view tokens used',
  7: 'canary steps',
  8: 'core web vitals per release',
};

/** An engine's migrations from its SQL per version (in version order), `up` running one's SQL. */
export function migrationList<Up>(
  sqlByVersion: Readonly<Record<number, string>>,
  up: (sql: string) => Up,
): { version: number; name: string; up: Up }[] {
  return Object.entries(sqlByVersion)
    .map(([version, sql]) => ({ version: Number(version), name: MIGRATION_NAMES[Number(version)]!, up: up(sql) }))
    .sort((a, b) => a.version - b.version);
}
